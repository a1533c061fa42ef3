import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useClient } from '../../api/client-context';
import { config } from '../../config';
import { toastText } from '../../domain/errors';
import { formatRupees } from '../../domain/money';
import { isoDay } from '../../domain/dates';
import { isOverdueView, type PayTab } from '../../domain/pay';
import { PAGE_SIZE } from '../../domain/thresholds';
import { Button, GhostButton } from '../../ui/form';
import { LoadFailed } from '../../ui/LoadFailed';
import { Modal } from '../../ui/Modal';
import { usePaintedOnce } from '../../ui/schedule';
import { Skeleton } from '../../ui/Skeleton';
import { notify } from '../../ui/toast';
import { CustomerSummary, CustomerSummaryFrame } from './CustomerSummary';
import { ManualInvoices } from './ManualInvoices';
import { OtpDialog } from './OtpDialog';
import { PayActions } from './PayActions';
import { PayCarousel } from './PayCarousel';
import { PayDocumentTable } from './PayDocumentTable';
import { PayFrame } from './PayFrame';
import { PayTabs } from './PayTabs';
import { Box, Footer } from './styles';
import { useManualEntries } from './useManualEntries';
import { useNarrowScreen } from './useNarrowScreen';
import { usePayCheckout } from './usePayCheckout';
import { usePayDocuments, type Collection } from './usePayDocuments';
import { usePaySelection } from './usePaySelection';
import { usePayToken } from './usePayToken';

/**
 * `/pay-with-{product}?token=...`: a retailer pays open invoices or sales orders by credit or through the
 * gateway. The token leaves the address bar once read and is kept for the tab (usePayToken).
 */
export default function PayScreen() {
  const token = usePayToken();
  return (
    <PayFrame>
      {token ? (
        <PayPage token={token} />
      ) : (
        <Box role="alert">
          <h1>We could not open this payment page</h1>
          <p>{toastText([{ code: 'ERROR', detail: 'Token not found' }])}</p>
        </Box>
      )}
    </PayFrame>
  );
}

function PayPage({ token }: { token: string }) {
  const { list, tab, page, tabLoading, setTab, setPage } = usePayDocuments(token);
  if (list.error && !list.data) {
    // A provider that failed, timed out or sent what this page cannot read: say so, and offer Retry.
    return (
      <Box>
        <h1>We could not open this payment page</h1>
        <LoadFailed error={list.error} onRetry={() => void list.mutate()} retrying={list.isValidating} />
      </Box>
    );
  }
  // The heading and the summary frame come first; their figures, the tabs and the list follow the answer.
  if (!list.data) {
    return (
      <>
        <CustomerSummaryFrame />
        <Skeleton $height="240px" />
      </>
    );
  }
  return (
    <PayContent
      key={token}
      token={token}
      data={list.data}
      tab={tab}
      page={page}
      refreshing={list.isLoading}
      tabLoading={tabLoading}
      onTab={setTab}
      onPage={setPage}
      reload={() => void list.mutate()}
    />
  );
}

interface PayContentProps {
  token: string;
  data: Collection;
  tab: PayTab;
  page: number;
  refreshing: boolean;
  /** Another tab is loading: its rows show as skeletons, not the previous tab's rows. */
  tabLoading: boolean;
  onTab: (tab: PayTab) => void;
  onPage: (page: number) => void;
  reload: () => void;
}

function PayContent({ token, data, tab, page, refreshing, tabLoading, onTab, onPage, reload }: PayContentProps) {
  const client = useClient();
  const { meta, pagy } = data;
  const today = useMemo(() => isoDay(new Date()), []);
  const label = meta.is_sales_order ? 'Sales Order' : 'Invoice';
  const showCredit = Boolean(meta[`show_${config.product}_credit_option`]);
  const showPay = Boolean(meta[`show_${config.product}_pay_option`]);
  const openLimit = meta.open_limit_customer;
  const loanApplicationId = String(meta.loan_application_id ?? '');
  const narrow = useNarrowScreen();
  const restShown = usePaintedOnce();

  const owner = {
    loanApplicationId,
    anchorId: meta.anchor_id,
    erpDistributorId: meta.erp_distributor_id ?? meta.distributor_code,
    customerCode: meta.distributor_code,
  };
  const manual = useManualEntries({ client, token, owner, label, today });
  const listed = useMemo(
    () => data.data.filter((item) => !manual.createdIds.has(item.id)),
    [data.data, manual.createdIds],
  );
  const inView = useMemo(
    () => (tab === 'open' && openLimit ? [...manual.items, ...listed] : listed),
    [tab, openLimit, manual.items, listed],
  );
  const creditRefused = isOverdueView(meta.overdue_amount);
  const selection = usePaySelection({
    items: inView,
    creditLimitBalance: meta.credit_limit_balance,
    today,
    isSalesOrder: meta.is_sales_order,
    showCredit,
    creditRefused,
    openLimit,
  });
  const checkout = usePayCheckout({ client, token, openLimit, statement: meta.soa_link ?? null });
  const { snapshot } = checkout;

  const availCredit = () => {
    const problem = selection.creditProblem();
    if (problem) return void notify.errors([{ code: 'ERROR', detail: problem }]);
    checkout.send({
      type: 'AVAIL_CREDIT',
      key: crypto.randomUUID(),
      items: selection.details((s) => s.credit),
      requireOtp: meta.require_otp,
      loanApplicationId,
    });
  };
  const pay = () => {
    const problem = selection.payProblem();
    if (problem) return void notify.errors([{ code: 'ERROR', detail: problem }]);
    checkout.send({
      type: 'PAY',
      key: crypto.randomUUID(),
      items: selection.details((s) => s.pay),
      mode: selection.mode ?? 'upi',
    });
  };

  // Spec: a payment ends in a success message (or an error); then only that message is shown.
  if (snapshot.matches('succeeded')) {
    const back = () => {
      checkout.send({ type: 'DISMISS' });
      selection.send({ type: 'RESET' });
      manual.dropCreated();
      reload();
    };
    return <Paid message={snapshot.context.message} label={label} onBack={back} />;
  }

  // The summary (the page's heading, its largest text) paints first; the documents and actions follow in a task
  // of their own, so a cheap phone is not blocked by one long render when the answer arrives (TBT).
  if (!restShown) {
    return (
      <>
        <CustomerSummary meta={meta} />
        <Skeleton $height="240px" />
      </>
    );
  }

  const controls = {
    showCredit,
    showPay,
    selectionOf: selection.selectionOf,
    creditLimit: meta.credit_limit_balance,
    creditRefused,
    send: selection.send,
    label,
    today,
  };
  const otpStep = snapshot.matches('sendingOtp') || snapshot.matches('verifyingOtp');
  return (
    <>
      <CustomerSummary meta={meta} />

      <PayTabs tab={tab} label={label} partialCount={meta.partial_count} onTab={onTab} />

      {openLimit && tab === 'open' && (
        <ManualInvoices
          {...controls}
          entries={manual.entries}
          onAdd={manual.add}
          isSalesOrder={meta.is_sales_order}
          create={manual.create}
          onCreated={manual.onCreated}
          onDeleted={manual.onDeleted}
        />
      )}

      {narrow ? (
        <PayCarousel
          {...controls}
          tab={tab}
          items={listed}
          page={page}
          pageSize={PAGE_SIZE}
          count={pagy?.count ?? listed.length}
          hasPrev={Boolean(pagy?.prev)}
          hasNext={Boolean(pagy?.next)}
          onPage={onPage}
          showVirtualAccount={meta.show_virtual_account_number}
        />
      ) : (
        <PayDocumentTable
          {...controls}
          tab={tab}
          items={listed}
          page={page}
          pagy={pagy}
          onPage={onPage}
          refreshing={refreshing}
          loading={tabLoading}
          showVirtualAccount={meta.show_virtual_account_number}
        />
      )}

      <Footer>
        <span aria-live="polite">
          ({selection.selections.length} : {label} Selected)
        </span>
      </Footer>

      {tab !== 'closed' && (
        <PayActions
          selection={selection}
          supplierAccounts={meta.supplier_bank_accounts ?? []}
          openLimit={openLimit}
          showCredit={showCredit}
          showPay={showPay}
          busy={checkout.busy}
          onAvailCredit={availCredit}
          onPay={pay}
        />
      )}

      {checkout.failed && (
        <PayFailure>
          <p>{toastText(snapshot.context.error ?? [])}</p>
          {/* Only a failure a retry can fix offers it (not 'already paid', 'overdue', a refused gateway). */}
          {snapshot.context.retryable && (
            <>
              <Button type="button" onClick={() => checkout.send({ type: 'RETRY' })}>
                Try again
              </Button>{' '}
            </>
          )}
          <GhostButton type="button" onClick={() => checkout.send({ type: 'DISMISS' })}>
            Close
          </GhostButton>
        </PayFailure>
      )}

      <Modal
        open={selection.popup !== null}
        title="Please note"
        onClose={() => selection.send({ type: 'DISMISS_POPUP' })}
      >
        <p>{selection.popup}</p>
      </Modal>

      <OtpDialog
        open={otpStep || snapshot.matches('awaitingOtp')}
        verifying={otpStep}
        sending={snapshot.matches('sendingOtp')}
        error={snapshot.matches('awaitingOtp') ? snapshot.context.error : null}
        onOtp={(otp) => checkout.send({ type: 'OTP_ENTERED', otp })}
        onResend={() => checkout.send({ type: 'RESEND_OTP' })}
        onCancel={() => checkout.send({ type: 'CANCEL' })}
      />

      <Modal
        open={snapshot.matches('redirecting')}
        title="Redirecting to the payment gateway"
        onClose={() => checkout.send({ type: 'CANCEL' })}
      >
        <p role="status">
          You have agreed to pay Rs.{formatRupees(selection.paySum)} amount, Soon you will redirected to payment
          gateway...
        </p>
        <GhostButton type="button" onClick={() => checkout.send({ type: 'CANCEL' })}>
          Cancel
        </GhostButton>
      </Modal>
    </>
  );
}

/**
 * The paid message that replaces the page. The control that started the payment (AVAIL CREDIT, the OTP
 * dialog) is gone with the rest of the page, so focus moves to the message: it is read out, and the next
 * Tab is 'Back to ...'.
 */
function Paid({ message, label, onBack }: { message: string | null; label: string; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box role="status" aria-labelledby="paid-title">
      <h1 id="paid-title" ref={heading} tabIndex={-1}>
        {message}
      </h1>
      <Button type="button" onClick={onBack}>
        Back to {label.toLowerCase()}s
      </Button>
    </Box>
  );
}

/**
 * A failed payment, with Try again / Close. When the focus was lost on the way (the button that started
 * it was disabled while the request ran), it moves here, so a keyboard user goes on from the message.
 */
function PayFailure({ children }: { children: ReactNode }) {
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) box.current?.focus();
  }, []);
  return (
    <Box ref={box} role="alert" tabIndex={-1}>
      {children}
    </Box>
  );
}
