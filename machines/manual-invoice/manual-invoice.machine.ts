import { assign, fromPromise, setup } from 'xstate';
import { isIsoDate } from '../../src/domain/dates';
import { errorEntriesOf, type ErrorEntry } from '../../src/domain/errors';
import type { PayDocument } from '../../src/domain/pay';

/**
 * One manual invoice (or sales order) an open-limit customer adds on the pay page (spec 3 §2 'Manual
 * invoice entry', §5 'Manual invoice'): number, amount and date are typed; once all three are filled the
 * invoice file can be chosen, which creates the document (sales orders: Submit, no file). Deleting asks
 * first. The created document is the machine's output; the page then lists it like any other.
 */

/** The largest invoice file the provider takes (the mock's limit; checked here before sending). */
export const INVOICE_FILE_MAX_BYTES = 5 * 1024 * 1024;
const INVOICE_FILE_TYPES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg'];
export const INVOICE_FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
/** The keys the amount field refuses (spec §5): no exponent, sign or decimal point. */
export const BLOCKED_AMOUNT_KEYS: readonly string[] = ['e', 'E', '+', '-', '.'];
export const DELETE_QUESTION = 'Are you sure, you want to delete invoice?';
/** GST invoice numbers: at most 16 letters, digits, '/' or '-'. */
const DOCUMENT_NUMBER = /^[A-Za-z0-9/-]{1,16}$/;

export type ManualField = 'number' | 'amount' | 'date' | 'file';

export interface ManualValues {
  number: string;
  /** Whole rupees, digits only. */
  amount: string;
  /** ISO 'YYYY-MM-DD' from the picker. */
  date: string;
}

export interface ManualInvoiceInput {
  isSalesOrder: boolean;
  /** Today, ISO 'YYYY-MM-DD': the date may not be later. */
  today: string;
  /** Makes the idempotency key of a creation attempt. */
  newKey: () => string;
}

export interface ManualInvoiceContext extends ManualInvoiceInput {
  values: ManualValues;
  file: File | null;
  errors: Partial<Record<ManualField, string>>;
  /** The refusal of the last creation, for a toast. */
  failure: ErrorEntry[] | null;
  /** The key of the current attempt: kept while nothing changes, so a retry cannot create twice. */
  key: string | null;
  created: PayDocument | null;
}

export type ManualInvoiceEvent =
  | { type: 'CHANGE'; field: keyof ManualValues; value: string }
  /** A file chosen in the upload field: checked, then the invoice is created with it. */
  | { type: 'UPLOAD'; file: File }
  /** Sales orders: create without a file. */
  | { type: 'SUBMIT' }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface CreateRequest {
  values: ManualValues;
  file: File | null;
  key: string;
}

const noun = (isSalesOrder: boolean) => (isSalesOrder ? 'sales order' : 'invoice');

/** The three typed fields are filled in: the upload (or Submit) may be used. */
export function isFilled(values: ManualValues): boolean {
  return values.number.trim() !== '' && values.amount.trim() !== '' && values.date.trim() !== '';
}

/** Whole rupees as typed: digits only. A pasted '1,200.50' or '1e5' is refused, never reshaped into another amount. */
export function isWholeRupees(text: string): boolean {
  return /^\d*$/.test(text);
}

export const AMOUNT_NOT_WHOLE = 'Please enter the amount in whole rupees (digits only).';

/** The messages of the typed fields; empty when they may be sent. */
export function validateValues(
  values: ManualValues,
  options: Pick<ManualInvoiceInput, 'isSalesOrder' | 'today'>,
): Partial<Record<ManualField, string>> {
  const errors: Partial<Record<ManualField, string>> = {};
  const name = noun(options.isSalesOrder);
  const number = values.number.trim();
  if (number === '') errors.number = `Please enter the ${name} number.`;
  else if (!DOCUMENT_NUMBER.test(number)) errors.number = `Use up to 16 letters, digits, '/' or '-'.`;
  if (values.amount.trim() === '') errors.amount = `Please enter the ${name} amount.`;
  else if (!/^\d+$/.test(values.amount.trim())) errors.amount = AMOUNT_NOT_WHOLE;
  else if (Number(values.amount) <= 0) errors.amount = 'Amount should be greater than zero.';
  if (values.date.trim() === '') errors.date = `Please choose the ${name} date.`;
  else if (!isIsoDate(values.date)) errors.date = 'Please choose the date from the calendar.';
  else if (values.date > options.today) errors.date = `The ${name} date cannot be later than today.`;
  return errors;
}

/** The message for a file the provider would refuse, or null. */
export function fileProblem(file: File): string | null {
  if (!INVOICE_FILE_TYPES.includes(file.type)) return 'Please upload the invoice as a PDF, PNG or JPEG file.';
  if (file.size > INVOICE_FILE_MAX_BYTES)
    return `The file is larger than ${INVOICE_FILE_MAX_BYTES / 1024 / 1024} MB. Please upload a smaller file.`;
  if (file.size === 0) return 'The file is empty. Please upload the invoice.';
  return null;
}

/** The provider's field titles (`invoice[gst_invoice_id]`) as the entry's fields. */
const FIELD_OF_TITLE: Record<string, ManualField> = {
  'invoice[gst_invoice_id]': 'number',
  'invoice[total]': 'amount',
  'invoice[invoice_date]': 'date',
  'invoice[invoice_image][file]': 'file',
};

/** A refusal: every entry for the toast (spec 3 §8: create-invoice shows error toasts), and the field ones beside their fields. */
function refusal(error: unknown): Pick<ManualInvoiceContext, 'errors' | 'failure'> {
  const errors: Partial<Record<ManualField, string>> = {};
  const entries = errorEntriesOf(error);
  for (const entry of entries) {
    const field = entry.title === undefined ? undefined : FIELD_OF_TITLE[entry.title];
    if (field) errors[field] ??= entry.detail;
  }
  return { errors, failure: entries.map(({ code, detail }) => ({ code, detail })) };
}

export const manualInvoiceMachine = setup({
  types: {
    context: {} as ManualInvoiceContext,
    events: {} as ManualInvoiceEvent,
    input: {} as ManualInvoiceInput,
    output: {} as { created: PayDocument | null },
  },
  actors: {
    createInvoice: fromPromise<{ data: PayDocument }, CreateRequest>(() => new Promise(() => {})),
  },
  guards: {
    invalidValues: ({ context }) => Object.keys(validateValues(context.values, context)).length > 0,
    badFile: ({ event }) => event.type === 'UPLOAD' && fileProblem(event.file) !== null,
    isSalesOrder: ({ context }) => context.isSalesOrder,
  },
  actions: {
    showValueErrors: assign(({ context }) => ({ errors: validateValues(context.values, context), failure: null })),
    /** A new attempt gets a key once; an unchanged retry keeps it. */
    keyAttempt: assign(({ context }) => ({ key: context.key ?? context.newKey(), errors: {}, failure: null })),
  },
}).createMachine({
  id: 'manualInvoice',
  context: ({ input }) => ({
    ...input,
    values: { number: '', amount: '', date: '' },
    file: null,
    errors: {},
    failure: null,
    key: null,
    created: null,
  }),
  initial: 'editing',
  output: ({ context }) => ({ created: context.created }),
  states: {
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            const value = event.value;
            if (event.field === 'amount' && !isWholeRupees(value))
              return { errors: { ...context.errors, amount: AMOUNT_NOT_WHOLE } };
            if (context.values[event.field] === value) return {};
            const { [event.field]: _cleared, ...errors } = context.errors;
            return { values: { ...context.values, [event.field]: value }, errors, key: null };
          }),
        },
        UPLOAD: [
          // The upload field is disabled until the three are filled; a file chosen anyway is checked with them.
          { guard: 'isSalesOrder' },
          { guard: 'invalidValues', actions: 'showValueErrors' },
          {
            guard: 'badFile',
            actions: assign(({ event }) => ({ errors: { file: fileProblem(event.file) ?? undefined }, failure: null })),
          },
          {
            target: 'creating',
            actions: [
              assign(({ context, event }) =>
                context.file !== null && sameFile(context.file, event.file) ? {} : { file: event.file, key: null },
              ),
              'keyAttempt',
            ],
          },
        ],
        SUBMIT: [
          { guard: ({ context }) => !context.isSalesOrder },
          { guard: 'invalidValues', actions: 'showValueErrors' },
          { target: 'creating', actions: 'keyAttempt' },
        ],
        DELETE: 'confirmingDelete',
      },
    },
    creating: {
      invoke: {
        src: 'createInvoice',
        input: ({ context }) => ({ values: context.values, file: context.file, key: context.key! }),
        onDone: { target: 'created', actions: assign({ created: ({ event }) => event.output.data }) },
        onError: { target: 'editing', actions: assign(({ event }) => refusal(event.error)) },
      },
    },
    confirmingDelete: {
      on: { CONFIRM: 'deleted', CANCEL: 'editing' },
    },
    created: { type: 'final' },
    deleted: { type: 'final' },
  },
});

function sameFile(a: File, b: File): boolean {
  return a === b || (a.name === b.name && a.size === b.size && a.lastModified === b.lastModified && a.type === b.type);
}
