import { useCallback, useMemo, useRef, useState } from 'react';
import { AMOUNT_NOT_WHOLE, type CreateRequest } from '../../../machines/manual-invoice/manual-invoice.machine';
import { createInvoice, type ManualInvoiceInput } from '../../api/pay';
import type { ApiClient } from '../../api/client';
import { rupeesToPaise } from '../../domain/money';
import type { PayDocument } from '../../domain/pay';
import { notify } from '../../ui/toast';
import { placeholderItem, type ManualEntry } from './ManualInvoices';

/** The customer's part of a manual document's request: who creates it, from the page's header data. */
export interface ManualOwner {
  loanApplicationId: string;
  anchorId: string;
  erpDistributorId: string;
  customerCode: string;
}

/**
 * The create-invoice request of a manual entry: the typed number trimmed, the amount in exact paise (whole
 * rupees as typed; a value that is not a plain unsigned amount is refused, never reshaped), due today.
 */
export function manualInvoiceInput(request: CreateRequest, owner: ManualOwner, today: string): ManualInvoiceInput {
  const amount = rupeesToPaise(request.values.amount, { unsigned: true, exact: true });
  if (amount === null)
    throw Object.assign(new Error(AMOUNT_NOT_WHOLE), {
      errors: [{ code: 'ERROR', detail: AMOUNT_NOT_WHOLE, title: 'invoice[total]' }],
    });
  return {
    ...owner,
    number: request.values.number.trim(),
    amount,
    invoiceDate: request.values.date,
    dueDate: today,
    file: request.file ?? undefined,
  };
}

/**
 * Open-limit customers' own documents (spec 3 §2): entries live on this page until created, then stay in their
 * panel (and out of the table) so the customer pays them where they were added. Holds the entries and the
 * `createInvoice` effect `ManualInvoices` gives each entry's machine.
 */
export function useManualEntries({
  client,
  token,
  owner,
  label,
  today,
}: {
  client: ApiClient;
  token: string;
  owner: ManualOwner;
  label: string;
  today: string;
}) {
  const [entries, setEntries] = useState<ManualEntry[]>([]);
  const counter = useRef(0);
  const items = useMemo(
    () => entries.map((e) => e.created ?? placeholderItem(e.key, label, today)),
    [entries, label, today],
  );
  const createdIds = useMemo(() => new Set(entries.flatMap((e) => (e.created ? [e.created.id] : []))), [entries]);

  const { loanApplicationId, anchorId, erpDistributorId, customerCode } = owner;
  const create = useCallback(
    async (request: CreateRequest) => {
      const input = manualInvoiceInput(request, { loanApplicationId, anchorId, erpDistributorId, customerCode }, today);
      const created = await createInvoice(client, token, input, request.key);
      return created;
    },
    [client, token, loanApplicationId, anchorId, erpDistributorId, customerCode, today],
  );
  const onCreated = useCallback(
    (key: string, document: PayDocument) => {
      setEntries((list) => list.map((e) => (e.key === key ? { ...e, created: document } : e)));
      notify.success(`${label} ${document.document_number} created successfully.`);
    },
    [label],
  );
  const onDeleted = useCallback((key: string) => setEntries((list) => list.filter((e) => e.key !== key)), []);
  const add = useCallback(() => setEntries((list) => [...list, { key: String(++counter.current), created: null }]), []);
  /** After a payment: created entries are listed with the others now (paid or not). */
  const dropCreated = useCallback(() => setEntries((list) => list.filter((e) => !e.created)), []);

  return { entries, items, createdIds, create, onCreated, onDeleted, add, dropCreated };
}
