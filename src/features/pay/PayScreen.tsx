import { useMachine } from '@xstate/react';
import { format } from 'date-fns';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { payCheckoutMachine, OTP_LENGTH } from '../../../machines/pay-checkout/pay-checkout.machine';
import { type PaymentMode } from '../../domain/payments';
import { paySelectionMachine } from '../../../machines/pay-selection/pay-selection.machine';
import { creditDisabledReason, validateAvailCredit, validatePay, type PayItem, type Selection } from '../../../machines/pay-selection/rules';
import type { PayDocument } from '../../domain/pay';
import { toastText } from '../../domain/errors';
import { useSession } from '../../api/session-context';
import { config } from '../../config';
import { formatDate, formatDateTime, orMissing } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { paiseToRupees } from '../../domain/money';
import { Select } from '../../ui/controls';
import { Button, FieldError, GhostButton } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { Skeleton } from '../../ui/Skeleton';
import { Switch } from '../../ui/Switch';
import { notify } from '../../ui/toast';
import type { CreateRequest } from '../../../machines/manual-invoice/manual-invoice.machine';
import { availCredit, bankGroups, createInvoice, directPayment, fetchCollection, openLimitAvailCredit, sendOtp, verifyOtp } from '../../api/pay';
import { type InvoiceDetail, type PayTab } from '../../domain/pay';
import { discountBanner } from './hints';
import { dueHint } from '../../domain/pay';
import { ManualInvoices, placeholderItem, type ManualEntry } from './ManualInvoices';
import { PayCarousel } from './PayCarousel';
import { PayFrame } from './PayFrame';
import { useNarrowScreen } from './useNarrowScreen';
import { collectionsBase, collectionsLink, isAllowedExternalUrl, PAY_TOKEN_KEY } from './redirects';

type Collection = Awaited<ReturnType<typeof fetchCollection>>;
type Meta = Collection['meta'];

const PAGE_SIZE = 10;
const OVERDUE_VIEW_THRESHOLD = 100; // spec 3 §9: overdue amount greater than 1 rupee, in paise

const Box = styled.section`
  padding: 16px;
  margin-bottom: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  h1 { margin: 0 0 8px; font-size: 20px; }
  dl { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 8px 16px; margin: 0; }
  dt { color: ${({ theme }) => theme.textMuted}; font-size: 13px; }
  dd { margin: 0; font-weight: 700; }
`;

const Tabs = styled.div`
  display: flex;
  gap: 8px;
  margin-bottom: 8px;
  button[aria-selected='true'] { background: ${({ theme }) => theme.primary}; color: ${({ theme }) => theme.primaryText}; }
`;

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { padding: 8px 10px; text-align: start; border-bottom: 1px solid ${({ theme }) => theme.border}; white-space: nowrap; vertical-align: middle; }
  th { background: ${({ theme }) => theme.surfaceRaised}; }
  td.amount, th.amount { text-align: end; }
  input[type='checkbox'] { width: 22px; height: 22px; }
  input[type='text'] { width: 120px; min-height: 40px; padding: 0 8px; border-radius: 6px; border: 1px solid ${({ theme }) => theme.border}; background: ${({ theme }) => theme.surfaceRaised}; color: ${({ theme }) => theme.text}; }
  small { display: block; color: ${({ theme }) => theme.textMuted}; }
  .hint { color: ${({ theme }) => theme.warning}; }
  .late { color: ${({ theme }) => theme.danger}; }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-top: 12px;
  fieldset { display: flex; gap: 12px; border: 0; margin: 0; padding: 0; }
  label { display: inline-flex; align-items: center; gap: 6px; min-height: 44px; }
`;

/** `/pay-with-{product}?token=...`: a retailer pays open invoices or sales orders by credit or through the gateway. */
export default function PayScreen() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  if (!token) {
    return (
      <PayFrame>
        <Box role="alert">
          <h1>We could not open this payment page</h1>
          <p>{toastText([{ code: 'ERROR', detail: 'Token not found' }])}</p>
        </Box>
      </PayFrame>
    );
  }
  return (
    <PayFrame>
      <PayPage token={token} />
    </PayFrame>
  );
}

function PayPage({ token }: { token: string }) {
  const { client } = useSession();
  const [tab, setTab] = useState<PayTab>('open');
  const [page, setPage] = useState(1);
  const list = useSWR(['invoice-collection', token, tab, page], () => fetchCollection(client, config.product, token, tab, page), { keepPreviousData: true });
  if (list.error && !list.data) {
    return (
      <Box role="alert">
        <h1>We could not open this payment page</h1>
        <p>{toastText(errorList(list.error))}</p>
      </Box>
    );
  }
  if (!list.data) return <Skeleton $height="320px" />;
  return <PayContent key={token} token={token} data={list.data} tab={tab} page={page} onTab={(t) => (setTab(t), setPage(1))} onPage={setPage} reload={() => void list.mutate()} />;
}

const errorList = (error: unknown) =>
  typeof error === 'object' && error !== null && 'errors' in error && Array.isArray(error.errors) ? (error.errors as { code: string; detail: string }[]) : [{ code: 'ERROR', detail: 'Something went wrong!' }];

function PayContent(props: { token: string; data: Collection; tab: PayTab; page: number; onTab: (tab: PayTab) => void; onPage: (page: number) => void; reload: () => void }) {
  const { token, data, tab, page, onTab, onPage, reload } = props;
  const { client } = useSession();
  const meta = data.meta;
  const today = useMemo(() => format(new Date(), 'yyyy-MM-dd'), []);
  const label = meta.is_sales_order ? 'Sales Order' : 'Invoice';
  const showCredit = Boolean(meta[`show_${config.product}_credit_option`]);
  const showPay = Boolean(meta[`show_${config.product}_pay_option`]);

  const openLimit = meta.open_limit_customer;
  const narrow = useNarrowScreen();

  // Open-limit customers' own documents (spec 3 §2): entries live on this page until created, then stay
  // in their panel (and out of the table) so the customer pays them where they were added.
  const [entries, setEntries] = useState<ManualEntry[]>([]);
  const entryCounter = useRef(0);
  const manualItems = useMemo(() => entries.map((e) => e.created ?? placeholderItem(e.key, label, today)), [entries, label, today]);
  const manualIds = useMemo(() => new Set(entries.flatMap((e) => (e.created ? [e.created.id] : []))), [entries]);
  const listed = useMemo(() => data.data.filter((item) => !manualIds.has(item.id)), [data.data, manualIds]);
  const inView = useMemo(() => (tab === 'open' && openLimit ? [...manualItems, ...listed] : listed), [tab, openLimit, manualItems, listed]);
  const [supplierBank, setSupplierBank] = useState('');

  const [selection, sendSelection] = useMachine(paySelectionMachine, {
    input: {
      items: inView,
      creditLimitBalance: meta.credit_limit_balance,
      today,
      options: { product: config.product, variant: 'payment-page', isSalesOrder: meta.is_sales_order, showCreditOption: showCredit },
    },
  });
  useEffect(() => {
    sendSelection({ type: 'LOAD_ITEMS', items: inView, creditLimitBalance: meta.credit_limit_balance });
  }, [inView, meta.credit_limit_balance, sendSelection]);

  const createManual = useCallback(
    (request: CreateRequest) =>
      createInvoice(
        client,
        token,
        {
          loanApplicationId: String(meta.loan_application_id ?? ''),
          anchorId: meta.anchor_id,
          erpDistributorId: meta.erp_distributor_id ?? meta.distributor_code,
          customerCode: meta.distributor_code,
          number: request.values.number.trim(),
          amount: Number(request.values.amount) * 100,
          invoiceDate: request.values.date,
          dueDate: today,
          file: request.file ?? undefined,
        },
        request.key,
      ),
    [client, token, meta.loan_application_id, meta.anchor_id, meta.erp_distributor_id, meta.distributor_code, today],
  );
  const onManualCreated = useCallback(
    (key: string, document: PayDocument) => {
      setEntries((list) => list.map((e) => (e.key === key ? { ...e, created: document } : e)));
      notify.success(`${label} ${document.document_number} created successfully.`);
    },
    [label],
  );
  const onManualDeleted = useCallback((key: string) => setEntries((list) => list.filter((e) => e.key !== key)), []);

  const checkoutMachine = useMemo(
    () =>
      payCheckoutMachine.provide({
        actors: {
          sendOtp: fromPromise(({ input }) => sendOtp(client, token, input.loanApplicationId)),
          verifyOtp: fromPromise(({ input }) => verifyOtp(client, token, input)),
          availCredit: fromPromise(({ input }) =>
            openLimit ? openLimitAvailCredit(client, token, bankGroups(input.items), input.key) : availCredit(client, token, input.items, input.key),
          ),
          directPayment: fromPromise(({ input }) => directPayment(client, token, input.items, input.mode, input.key)),
        },
        actions: {
          redirect: (_, url) => {
            if (!isAllowedExternalUrl(url, config.gatewayOrigins, { dev: config.allowLocalGateway })) {
              notify.errors([{ code: 'ERROR', detail: 'The payment gateway address is not one we can send you to.' }]);
              return;
            }
            sessionStorage.setItem(PAY_TOKEN_KEY, token);
            window.location.assign(url);
          },
        },
      }),
    [client, token, openLimit],
  );
  const [checkout, sendCheckout] = useMachine(checkoutMachine);
  const busy = ['sendingOtp', 'verifyingOtp', 'availing', 'paying', 'redirecting'].some((s) => checkout.matches(s as never));

  useEffect(() => {
    if (checkout.context.error && checkout.matches('failed')) notify.errors(checkout.context.error);
  }, [checkout]);

  const { selections, popup, mode } = selection.context;
  const selectionOf = (id: string) => selections.find((s) => s.id === id);
  /** The supplier bank account of a credit document: its own, else the one chosen for open invoices. */
  const supplierBankFor = (item: PayItem) => item.bank_account_id?.[0] ?? (supplierBank === '' ? null : supplierBank);
  const details = (pick: (s: Selection) => boolean): InvoiceDetail[] =>
    selections.filter(pick).map((s) => {
      const item = selection.context.known[s.id];
      const bankAccountId = openLimit && item ? supplierBankFor(item) : null;
      return bankAccountId === null ? { id: s.id, amount: s.amount } : { id: s.id, amount: s.amount, bankAccountId };
    });
  const creditSum = selections.filter((s) => s.credit).reduce((a, s) => a + s.amount, 0);
  const paySum = selections.filter((s) => s.pay).reduce((a, s) => a + s.amount, 0);

  const availCreditClick = () => {
    const problem = validateAvailCredit({ selections, known: selection.context.known }, { openLimitCustomer: openLimit, supplierBankFor });
    if (problem) return void notify.errors([{ code: 'ERROR', detail: problem }]);
    sendCheckout({
      type: 'AVAIL_CREDIT',
      key: crypto.randomUUID(),
      items: details((s) => s.credit),
      requireOtp: meta.require_otp,
      loanApplicationId: String(meta.loan_application_id ?? ''),
    });
  };
  const payClick = () => {
    const problem = validatePay({ selections, mode }, { product: config.product });
    if (problem) return void notify.errors([{ code: 'ERROR', detail: problem }]);
    sendCheckout({ type: 'PAY', key: crypto.randomUUID(), items: details((s) => s.pay), mode: mode ?? 'upi' });
  };

  // Spec: a payment ends in a success message (or an error); then only that message is shown.
  if (checkout.matches('succeeded')) {
    return (
      <Box role="status" aria-labelledby="paid-title">
        <h1 id="paid-title">{checkout.context.message}</h1>
        <Button
          type="button"
          onClick={() => {
            sendCheckout({ type: 'DISMISS' });
            sendSelection({ type: 'RESET' });
            setEntries((list) => list.filter((e) => !e.created)); // paid or not, they are listed now
            reload();
          }}
        >
          Back to {label.toLowerCase()}s
        </Button>
      </Box>
    );
  }

  const overdueView = (meta.overdue_amount ?? 0) > OVERDUE_VIEW_THRESHOLD;
  const clearDues = collectionsLink(
    collectionsBase(config.collectionsUrl, { dev: config.allowLocalGateway, apiBaseUrl: config.apiBaseUrl, origin: window.location.origin }),
    { loan_id: String(meta.loan_application_id ?? ''), loan_amount: paiseToRupees(meta.overdue_amount ?? 0) },
    { allowedOrigins: config.collectionsOrigins, dev: config.allowLocalGateway },
  );
  const items = listed;
  const pagy = data.pagy;

  return (
    <>
      <Box aria-labelledby="customer-title">
        <h1 id="customer-title">
          {meta.distributor_name} ({meta.distributor_code})
        </h1>
        <dl>
          <div>
            <dt>Anchor</dt>
            <dd>{meta.anchor_name}</dd>
          </div>
          <div>
            <dt>Loan account</dt>
            <dd>
              {orMissing(meta.loan_account_no)} · {orMissing(meta.loan_account_status)}
            </dd>
          </div>
          <div>
            <dt>Sanctioned limit</dt>
            <dd>{formatMoney(meta.sanctioned_limit)}</dd>
          </div>
          <div>
            <dt>Credit utilised</dt>
            <dd>{formatMoney(meta.credit_limit_utilised)}</dd>
          </div>
          <div>
            <dt>Credit balance</dt>
            <dd data-testid="credit-balance">{formatMoney(meta.credit_limit_balance)}</dd>
          </div>
          <div>
            <dt>Overdue</dt>
            <dd>
              {formatMoney(meta.overdue_amount)}
              {meta.overdue_days ? ` · ${meta.overdue_days} days` : ''}
            </dd>
          </div>
          {meta.soa_link && (
            <div>
              <dt>Statement</dt>
              <dd>
                <a href={meta.soa_link} target="_blank" rel="noreferrer">
                  View statement
                </a>
              </dd>
            </div>
          )}
        </dl>
        {overdueView && (
          <p role="alert" className="late">
            Your credit line has overdue dues of {formatMoney(meta.overdue_amount)}.{' '}
            <Button type="button" disabled={!clearDues} onClick={() => clearDues && window.open(clearDues, '_blank', 'noopener')}>
              Clear Credit Dues
            </Button>
          </p>
        )}
      </Box>

      <Tabs role="tablist" aria-label={`${label}s`}>
        {(
          [
            ['open', `Open ${label}s`],
            ['closed', `Closed ${label}s`],
            ...(meta.partial_count ? ([['partial', `Partial (${meta.partial_count})`]] as const) : []),
          ] as const
        ).map(([value, text]) => (
          <GhostButton key={value} type="button" role="tab" aria-selected={tab === value} onClick={() => onTab(value)}>
            {text}
          </GhostButton>
        ))}
      </Tabs>

      {openLimit && tab === 'open' && (
        <ManualInvoices
          entries={entries}
          onAdd={() => setEntries((list) => [...list, { key: String(++entryCounter.current), created: null }])}
          label={label}
          isSalesOrder={meta.is_sales_order}
          today={today}
          create={createManual}
          onCreated={onManualCreated}
          onDeleted={onManualDeleted}
          showCredit={showCredit}
          showPay={showPay}
          selectionOf={selectionOf}
          creditLimit={meta.credit_limit_balance}
          send={sendSelection}
        />
      )}

      {narrow ? (
        <PayCarousel
          tab={tab}
          items={items}
          page={page}
          pageSize={PAGE_SIZE}
          count={pagy?.count ?? items.length}
          hasPrev={Boolean(pagy?.prev)}
          hasNext={Boolean(pagy?.next)}
          onPage={onPage}
          label={label}
          today={today}
          showVirtualAccount={meta.show_virtual_account_number}
          showCredit={showCredit}
          showPay={showPay}
          selectionOf={selectionOf}
          creditLimit={meta.credit_limit_balance}
          send={sendSelection}
        />
      ) : (
        <DocumentTable
          tab={tab}
          items={items}
          page={page}
          label={label}
          today={today}
          meta={meta}
          showCredit={showCredit}
          showPay={showPay}
          selectionOf={selectionOf}
          creditLimit={meta.credit_limit_balance}
          send={sendSelection}
          allSelected={items.length > 0 && items.every((i) => selectionOf(i.id))}
        />
      )}

      <Footer>
        <span aria-live="polite">
          {pagy && !narrow ? `Showing ${pagy.from ?? 0} to ${pagy.to ?? 0} of ${pagy.count} Entries ` : ''}({selections.length} : {label} Selected)
        </span>
        {!narrow && (
          <span>
            <GhostButton type="button" aria-label="Previous page" disabled={!pagy?.prev} onClick={() => pagy?.prev && onPage(pagy.prev)}>
              ‹
            </GhostButton>{' '}
            <GhostButton type="button" aria-label="Next page" disabled={!pagy?.next} onClick={() => pagy?.next && onPage(pagy.next)}>
              ›
            </GhostButton>
          </span>
        )}
      </Footer>

      {tab !== 'closed' && (
        <Footer>
          {showPay && (
            <fieldset>
              <legend className="visually-hidden">Payment mode</legend>
              {(['net_banking', 'upi'] as const).map((m: PaymentMode) => (
                <label key={m}>
                  <input type="radio" name="payment-mode" checked={mode === m} onChange={() => sendSelection({ type: 'SET_MODE', mode: m })} />
                  {m === 'upi' ? 'UPI' : 'Net Banking'}
                </label>
              ))}
            </fieldset>
          )}
          {openLimit && showCredit && (meta.supplier_bank_accounts ?? []).length > 0 && (
            <label>
              Supplier bank account for open invoices{' '}
              <Select value={supplierBank} onChange={(e) => setSupplierBank(e.target.value)}>
                <option value="">Select account</option>
                {(meta.supplier_bank_accounts ?? []).map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.bank_account_name} · {account.bank_name}
                  </option>
                ))}
              </Select>
            </label>
          )}
          <span>
            Credit {formatMoney(creditSum)} · Pay {formatMoney(paySum)}
          </span>
          <span style={{ display: 'flex', gap: 8 }}>
            {showCredit && (
              <Button type="button" disabled={busy} aria-busy={busy} onClick={availCreditClick}>
                AVAIL CREDIT
              </Button>
            )}
            {showPay && (
              <Button type="button" disabled={busy} aria-busy={busy} onClick={payClick}>
                Pay
              </Button>
            )}
          </span>
        </Footer>
      )}

      {checkout.matches('failed') && (
        <Box role="alert">
          <p>{toastText(checkout.context.error ?? [])}</p>
          <Button type="button" onClick={() => sendCheckout({ type: 'RETRY' })}>
            Try again
          </Button>{' '}
          <GhostButton type="button" onClick={() => sendCheckout({ type: 'DISMISS' })}>
            Close
          </GhostButton>
        </Box>
      )}

      <Modal open={popup !== null} title="Please note" onClose={() => sendSelection({ type: 'DISMISS_POPUP' })}>
        <p>{popup}</p>
      </Modal>

      <OtpDialog
        open={checkout.matches('awaitingOtp') || checkout.matches('verifyingOtp') || checkout.matches('sendingOtp')}
        verifying={checkout.matches('verifyingOtp') || checkout.matches('sendingOtp')}
        error={checkout.matches('awaitingOtp') ? checkout.context.error : null}
        onOtp={(otp) => sendCheckout({ type: 'OTP_ENTERED', otp })}
        onResend={() => sendCheckout({ type: 'RESEND_OTP' })}
        onCancel={() => sendCheckout({ type: 'CANCEL' })}
      />

      <Modal open={checkout.matches('redirecting')} closable={false} title="Redirecting to the payment gateway" onClose={() => {}}>
        <p role="status">You have agreed to pay Rs.{(paySum / 100).toFixed(2)} amount, Soon you will redirected to payment gateway...</p>
      </Modal>
    </>
  );
}

function OtpDialog(props: { open: boolean; verifying: boolean; error: { code: string; detail: string }[] | null; onOtp: (otp: string) => void; onResend: () => void; onCancel: () => void }) {
  const { open, verifying, error, onOtp, onResend, onCancel } = props;
  const [otp, setOtp] = useState('');
  return (
    <Modal open={open} closable={!verifying} title="Enter OTP" onClose={onCancel}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (otp.length === OTP_LENGTH) onOtp(otp);
        }}
      >
        <p>We have sent a {OTP_LENGTH}-digit OTP to the mobile number of your loan account.</p>
        <label htmlFor="otp-input">OTP</label>{' '}
        <input
          id="otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={otp}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'otp-error' : undefined}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
            setOtp(digits);
            if (digits.length === OTP_LENGTH) onOtp(digits);
          }}
          style={{ minHeight: 44, fontSize: 20, letterSpacing: 6, width: 160 }}
        />
        {error && <FieldError id="otp-error">{toastText(error)}</FieldError>}
        <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button type="submit" disabled={verifying || otp.length !== OTP_LENGTH} aria-busy={verifying}>
            {verifying ? 'Verifying…' : 'Verify'}
          </Button>
          <GhostButton type="button" disabled={verifying} onClick={() => (setOtp(''), onResend())}>
            Resend OTP
          </GhostButton>
        </p>
      </form>
    </Modal>
  );
}

type SelectionEvent = Parameters<ReturnType<typeof useMachine<typeof paySelectionMachine>>[1]>[0];

function DocumentTable(props: {
  tab: PayTab;
  items: readonly PayItem[];
  page: number;
  label: string;
  today: string;
  meta: Meta;
  showCredit: boolean;
  showPay: boolean;
  selectionOf: (id: string) => Selection | undefined;
  creditLimit: number | null;
  send: (event: SelectionEvent) => void;
  allSelected: boolean;
}) {
  const { tab, items, page, label, today, meta, showCredit, showPay, selectionOf, creditLimit, send, allSelected } = props;
  const [sort, setSort] = useState<'none' | 'asc' | 'desc'>('none');
  const sorted = useMemo(() => {
    if (sort === 'none') return items;
    return [...items].sort((a, b) => (sort === 'asc' ? 1 : -1) * a.invoice_date.localeCompare(b.invoice_date));
  }, [items, sort]);
  const closed = tab === 'closed';
  const nextSort = { none: 'asc', asc: 'desc', desc: 'none' } as const;

  return (
    <Scroll tabIndex={0} role="region" aria-label={`${label}s`}>
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{label} No.</th>
            {meta.show_virtual_account_number && <th scope="col">Virtual Account Number</th>}
            <th scope="col" aria-sort={sort === 'none' ? 'none' : sort === 'asc' ? 'ascending' : 'descending'}>
              <GhostButton type="button" onClick={() => setSort(nextSort[sort])}>
                Date {sort === 'asc' ? '↑' : sort === 'desc' ? '↓' : '↕'}
              </GhostButton>
            </th>
            <th scope="col">Due Date</th>
            <th scope="col" className="amount">
              Amount in Rs.
            </th>
            {closed ? (
              <>
                <th scope="col">Status</th>
                <th scope="col">UTR Number</th>
              </>
            ) : (
              <>
                <th scope="col">
                  <label>
                    <input type="checkbox" checked={allSelected} onChange={() => send({ type: allSelected ? 'CLEAR_ALL' : 'SELECT_ALL' })} /> Click here to pay
                  </label>
                </th>
                <th scope="col">Full|Part</th>
                <th scope="col" className="amount">
                  Approve Payment
                </th>
                {showCredit && <th scope="col">Credit</th>}
                {showPay && <th scope="col">Pay</th>}
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 && (
            <tr>
              <td colSpan={12} style={{ textAlign: 'center' }}>
                No data found.
              </td>
            </tr>
          )}
          {sorted.map((item, index) => {
            const s = selectionOf(item.id);
            const hint = closed ? null : dueHint(item.due_date, today);
            const draft = item.ddr_status_date?.[0];
            const disabledReason = creditDisabledReason(item, creditLimit, today);
            return (
              <tr key={item.id} data-testid={`doc-${item.document_number}`}>
                <td>{PAGE_SIZE * (page - 1) + index + 1}</td>
                <td>
                  {item.document_number}
                  {s && <span aria-label="selected"> ★</span>}
                  {draft && (
                    <small title={formatDateTime(draft.date)}>
                      {draft.ddr_status === 'draft' ? 'Draft' : 'In process'} · {formatDateTime(draft.date)}
                    </small>
                  )}
                  {!closed && discountBanner(item, formatDate) && <small className="hint">{discountBanner(item, formatDate)}</small>}
                </td>
                {meta.show_virtual_account_number && <td>{orMissing(item.virtual_account_number)}</td>}
                <td>{formatDate(item.invoice_date)}</td>
                <td>
                  {formatDate(item.due_date)}
                  {hint && <small className={hint.late ? 'late' : 'hint'}>{hint.text}</small>}
                </td>
                <td className="amount">
                  {formatMoney(item.invoice_amount)}
                  {!closed && <small>Due {formatMoney(item.balance_due)}</small>}
                </td>
                {closed ? (
                  <>
                    <td>{item.status}</td>
                    <td>{orMissing(item.payment_utr)}</td>
                  </>
                ) : (
                  <>
                    <td>
                      <input type="checkbox" aria-label={`Click here to pay ${item.document_number}`} checked={Boolean(s)} onChange={() => send({ type: 'TOGGLE', id: item.id })} />
                    </td>
                    <td>
                      <Switch label={`Part payment for ${item.document_number}`} text={s?.partPayment ? 'Part' : 'Full'} checked={Boolean(s?.partPayment)} onChange={(on) => send({ type: 'SET_PART', id: item.id, on })} />
                    </td>
                    <td className="amount">
                      {s?.partPayment ? (
                        <>
                          <input
                            type="text"
                            inputMode="decimal"
                            aria-label={`Amount to pay for ${item.document_number}`}
                            value={s.partAmountText}
                            aria-invalid={s.error ? true : undefined}
                            onChange={(e) => send({ type: 'SET_PART_AMOUNT', id: item.id, text: e.target.value })}
                          />
                          {s.error && <FieldError role="alert">{s.error}</FieldError>}
                        </>
                      ) : (
                        formatMoney(s?.amount ?? item.balance_due)
                      )}
                    </td>
                    {showCredit && (
                      <td>
                        <Switch
                          label={`Credit for ${item.document_number}`}
                          checked={Boolean(s?.credit)}
                          disabled={disabledReason !== null}
                          onChange={(on) => send({ type: 'SET_CREDIT', id: item.id, on })}
                        />
                      </td>
                    )}
                    {showPay && (
                      <td>
                        <Switch label={`Pay for ${item.document_number}`} checked={Boolean(s?.pay)} onChange={(on) => send({ type: 'SET_PAY', id: item.id, on })} />
                      </td>
                    )}
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </Scroll>
  );
}
