import { assign, setup } from 'xstate';
import type { Paise } from '../../src/domain/money';
import {
  clearAll,
  reconcile,
  select,
  selectAll,
  selectionOf,
  setCredit,
  setPart,
  setPartAmount,
  setPay,
  unselect,
  type PayItem,
  type SelectionOptions,
  type SelectionState,
} from './rules';
import { type PaymentMode } from '../../src/domain/payments';

export interface PaySelectionContext extends SelectionState {
  /** The documents in view (the current page): select-all and clear work on these. */
  items: readonly PayItem[];
  /**
   * Every document a selection may refer to, by id: the documents in view plus the selected documents of
   * earlier pages (so a selection survives paging, and the submit checks can read its document).
   */
  known: Readonly<Record<string, PayItem>>;
  mode: PaymentMode | null;
}

export interface PaySelectionInput {
  items?: readonly PayItem[];
  creditLimitBalance: Paise | null;
  /** Today, ISO 'YYYY-MM-DD' (the overdue cutoff counts from it). */
  today: string;
  options: SelectionOptions;
}

export type PaySelectionEvent =
  /** Tick or untick 'Click here to pay'. */
  | { type: 'TOGGLE'; id: string }
  | { type: 'SELECT_ALL' }
  | { type: 'CLEAR_ALL' }
  | { type: 'SET_CREDIT'; id: string; on: boolean }
  | { type: 'SET_PAY'; id: string; on: boolean }
  /** The Full|Part switch: on = Part. */
  | { type: 'SET_PART'; id: string; on: boolean }
  | { type: 'SET_PART_AMOUNT'; id: string; text: string }
  | { type: 'SET_MODE'; mode: PaymentMode }
  | { type: 'DISMISS_POPUP' }
  /**
   * A new page (or a reload) of documents and the customer's current limit. The documents become the ones
   * in view (a repeated id keeps its first document). Selections are kept for documents still known: on the new page (with its fresh data), or,
   * unless `replace`, remembered from an earlier page. With `replace` (a reload of the whole list) only the
   * new documents are known. Kept selections are re-checked against the new data and limit (`reconcile`).
   */
  | { type: 'LOAD_ITEMS'; items: readonly PayItem[]; creditLimitBalance: Paise | null; replace?: boolean }
  /** Clears every selection, the popup and the payment mode; the documents in view and the limit stay. */
  | { type: 'RESET' };

/** The documents with repeated ids left out (the first of each id stays). */
function distinct(items: readonly PayItem[]): PayItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

function byId(items: readonly PayItem[]): Record<string, PayItem> {
  const map: Record<string, PayItem> = {};
  for (const item of items) map[item.id] = item;
  return map;
}

/** The document of `id`, in view or remembered. */
function itemOf(context: Pick<PaySelectionContext, 'known'>, id: string): PayItem | undefined {
  return Object.hasOwn(context.known, id) ? context.known[id] : undefined;
}

/**
 * The pay page's selection: one `ready` state whose events apply the pure rules of `./rules` to the
 * context. Every rule is synchronous and every event is accepted in every situation (a refused action
 * leaves the context as it is or sets a popup), so more states would add nothing; the popup is data
 * (`context.popup`), shown until DISMISS_POPUP or replaced by the next message. Events naming an unknown
 * document are ignored.
 */
export const paySelectionMachine = setup({
  types: {
    context: {} as PaySelectionContext,
    events: {} as PaySelectionEvent,
    input: {} as PaySelectionInput,
  },
}).createMachine({
  id: 'paySelection',
  context: ({ input }) => ({
    items: distinct(input.items ?? []),
    known: byId(distinct(input.items ?? [])),
    selections: [],
    creditLimitBalance: input.creditLimitBalance,
    today: input.today,
    options: input.options,
    popup: null,
    mode: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        TOGGLE: {
          actions: assign(({ context, event }) => {
            const item = itemOf(context, event.id);
            if (!item) return {};
            return selectionOf(context, item.id) ? unselect(context, item.id) : select(context, item);
          }),
        },
        SELECT_ALL: { actions: assign(({ context }) => selectAll(context, context.items)) },
        CLEAR_ALL: { actions: assign(({ context }) => clearAll(context, context.items)) },
        SET_CREDIT: {
          actions: assign(({ context, event }) => {
            const item = itemOf(context, event.id);
            return item ? setCredit(context, item, event.on) : {};
          }),
        },
        SET_PAY: {
          actions: assign(({ context, event }) => {
            const item = itemOf(context, event.id);
            return item ? setPay(context, item, event.on) : {};
          }),
        },
        SET_PART: {
          actions: assign(({ context, event }) => {
            const item = itemOf(context, event.id);
            return item ? setPart(context, item, event.on) : {};
          }),
        },
        SET_PART_AMOUNT: {
          actions: assign(({ context, event }) => {
            const item = itemOf(context, event.id);
            return item ? setPartAmount(context, item, event.text) : {};
          }),
        },
        SET_MODE: { actions: assign({ mode: ({ event }) => event.mode }) },
        DISMISS_POPUP: { actions: assign({ popup: null }) },
        LOAD_ITEMS: {
          actions: assign(({ context, event }) => {
            const known: Record<string, PayItem> = {};
            if (event.replace !== true) {
              for (const s of context.selections) {
                const item = itemOf(context, s.id);
                if (item) known[s.id] = item;
              }
            }
            const items = distinct(event.items);
            Object.assign(known, byId(items));
            const next = { ...context, items, known, creditLimitBalance: event.creditLimitBalance };
            return reconcile(next, (id) => itemOf(next, id));
          }),
        },
        RESET: { actions: assign({ selections: [], popup: null, mode: null }) },
      },
    },
  },
});
