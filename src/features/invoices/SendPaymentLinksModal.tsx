import { memo, useState } from 'react';
import styled from 'styled-components';
import type { LinkCustomerRow } from '../../api/codecs/links';
import type { InvoiceRow } from '../../api/codecs/invoices';
import { fetchCustomerInvoices, fetchLinkCustomers } from '../../api/links';
import { useApi } from '../../api/useApi';
import { formatMoney } from '../../domain/money';
import {
  CUSTOMER_SEARCH_MIN_LENGTH,
  INVOICE_SEARCH_MIN_LENGTH,
  linksSentText,
  NO_RECORD_TEXT,
} from '../../domain/reminders';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/form';
import { Modal, TABLE_MODAL_WIDTH } from '../../ui/Modal';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { Table, type Column } from '../../ui/Table';
import { ChannelChecks } from './ChannelChecks';
import { ReminderComposer } from './ReminderComposer';
import { useSendLinks } from './useLinkFlows';

const Banner = styled.p`
  margin: 0 0 12px;
  padding: 8px 12px;
  border-radius: 8px;
  background: ${({ theme }) => theme.surfaceRaised};
  font-weight: 600;
`;

const Panes = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  gap: 16px;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
  & > section {
    display: grid;
    gap: 8px;
    align-content: start;
    min-width: 0;
  }
  h3 {
    margin: 0;
    font-size: 16px;
  }
  section[aria-disabled='true'] .invoices {
    opacity: 0.5;
  }
  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 4px 12px;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  input[type='checkbox'] {
    width: 20px;
    height: 20px;
  }
  .pick {
    background: none;
    border: 0;
    padding: 0;
    color: ${({ theme }) => theme.primary};
    text-decoration: underline;
    cursor: pointer;
    min-height: 44px;
    text-align: start;
  }
  .pick[aria-pressed='true'] {
    font-weight: 700;
    text-decoration: none;
    color: ${({ theme }) => theme.text};
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin: 16px 0;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.border};
`;

const TABLE_HEIGHT = 320;

/**
 * Send Payment Links (spec 1 §2.6, §4, §5): customers on the left ('Search by Customer/Invoice' from 3
 * characters; tick several for a bulk send), the chosen customer's details and invoices on the right
 * ('Search By Invoice No.' from 2 characters, 'Select all Invoice'), the count of what a send covers,
 * channels and Send Link; then a reminder over the ticked invoices. The banner counts the links sent over
 * the last 60 days.
 */
export const SendPaymentLinksModal = memo(function SendPaymentLinksModal({
  open,
  onClose,
  linksSent,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  linksSent: number | undefined;
  onSent: () => void;
}) {
  return (
    <Modal open={open} title="Send Payment Links" width={TABLE_MODAL_WIDTH} onClose={onClose}>
      {open && <SendPaymentLinks linksSent={linksSent} onSent={onSent} />}
    </Modal>
  );
});

function SendPaymentLinks({ linksSent, onSent }: { linksSent: number | undefined; onSent: () => void }) {
  const { snapshot, send, blocked } = useSendLinks(onSent);
  const { customer, invoiceSearch, invoiceIds, selectAll, bulk, channels } = snapshot.context;
  const sending = snapshot.matches('sending');
  const bulkMode = bulk.length > 0;
  const [customerSearch, setCustomerSearch] = useState('');
  const [customerPage, setCustomerPage] = useState(1);
  const [invoicePage, setInvoicePage] = useState(1);

  const customerParams = { search: customerSearch, page: customerPage };
  const customers = useApi(['link-customers', customerParams], (client) => fetchLinkCustomers(client, customerParams));
  const invoiceParams = customer ? { customerId: customer.id, search: invoiceSearch, page: invoicePage } : null;
  const invoices = useApi(invoiceParams && ['customer-invoices', invoiceParams], (client) =>
    fetchCustomerInvoices(client, invoiceParams!),
  );
  // While another customer's (or page's) invoices load, the rows on screen are the previous answer's: Select all waits.
  const shownIds = invoices.isLoading ? [] : (invoices.data?.data.map((row) => row.id) ?? []);

  const customerColumns: Column<LinkCustomerRow>[] = [
    {
      key: 'tick',
      header: <span className="visually-hidden">Bulk send</span>,
      render: (row) => (
        <input
          type="checkbox"
          aria-label={`Send to ${row.name} (bulk)`}
          checked={bulk.includes(row.id)}
          disabled={sending}
          onChange={() => send({ type: 'TICK_CUSTOMER', id: row.id })}
        />
      ),
    },
    {
      key: 'name',
      header: 'Customer',
      render: (row) => (
        <button
          type="button"
          className="pick"
          aria-pressed={customer?.id === row.id}
          onClick={() => {
            setInvoicePage(1);
            send({
              type: 'SELECT_CUSTOMER',
              customer: { id: row.id, name: row.name, email: row.primary_user_email, mobile: row.primary_user_mobile },
            });
          }}
        >
          {row.name}
        </button>
      ),
    },
  ];

  const invoiceColumns: Column<InvoiceRow>[] = [
    {
      key: 'tick',
      header: (
        <label>
          <input
            type="checkbox"
            checked={selectAll}
            disabled={bulkMode || sending || shownIds.length === 0}
            onChange={() => send({ type: 'SELECT_ALL', ids: shownIds })}
          />{' '}
          Select all Invoice
        </label>
      ),
      render: (row) => (
        <input
          type="checkbox"
          aria-label={`Select invoice ${row.document_number}`}
          checked={invoiceIds.includes(row.id)}
          disabled={bulkMode || sending}
          onChange={() => send({ type: 'TOGGLE_INVOICE', id: row.id })}
        />
      ),
    },
    { key: 'number', header: 'Invoice No.', render: (row) => row.document_number },
    { key: 'balance', header: 'Balance Due', align: 'end', render: (row) => formatMoney(row.balance_amount) },
    { key: 'due', header: 'Due Date', render: (row) => formatDate(row.due_date) },
  ];

  return (
    <>
      <Banner role="status">
        {linksSent === undefined ? 'Counting the payment links sent…' : linksSentText(linksSent)}
      </Banner>
      <Panes>
        <section aria-label="Customers">
          <h3>Customers</h3>
          <SearchBox
            label="Search by Customer/Invoice"
            placeholder="Customer name or invoice no."
            value={customerSearch}
            min={CUSTOMER_SEARCH_MIN_LENGTH}
            onSearch={(text) => {
              setCustomerSearch(text);
              setCustomerPage(1);
            }}
          />
          <Table
            caption="Customers with dues"
            hideCaption
            columns={customerColumns}
            rows={customers.data?.data}
            rowKey={(row) => row.id}
            loading={customers.isLoading}
            refreshing={customers.isValidating}
            error={customers.error}
            onRetry={() => void customers.mutate()}
            maxHeight={TABLE_HEIGHT}
            fixedHeight
            emptyText={NO_RECORD_TEXT}
          />
          <Pagination label="Customers" unit="customers" pagy={customers.data?.pagy} onPage={setCustomerPage} reserve />
        </section>
        <section aria-label="Invoices of the chosen customer" aria-disabled={bulkMode || undefined}>
          <h3>{customer ? customer.name : 'Choose a customer'}</h3>
          {customer && (
            <dl>
              <dt>Name</dt>
              <dd>{customer.name}</dd>
              <dt>E-mail</dt>
              <dd>{customer.email ?? '-'}</dd>
              <dt>Mobile</dt>
              <dd>{customer.mobile ?? '-'}</dd>
            </dl>
          )}
          {bulkMode && (
            <p>
              Customers are ticked for a bulk send: every open invoice of each goes in its link. Untick them to choose
              invoices.
            </p>
          )}
          <div className="invoices">
            <fieldset disabled={bulkMode || !customer} style={{ border: 0, margin: 0, padding: 0 }}>
              {/* One search box per customer: what was typed for one (even too short to send, or still waiting
                  for the debounce) is gone with the choice of another, as the spec's clearing asks. */}
              <SearchBox
                key={customer?.id ?? 'none'}
                label="Search By Invoice No."
                placeholder="Invoice No."
                value={invoiceSearch}
                min={INVOICE_SEARCH_MIN_LENGTH}
                onSearch={(text) => {
                  setInvoicePage(1);
                  send({ type: 'SEARCH_INVOICES', text });
                }}
              />
            </fieldset>
            <Table
              caption="Invoices of the chosen customer"
              hideCaption
              columns={invoiceColumns}
              rows={customer ? invoices.data?.data : []}
              rowKey={(row) => row.id}
              loading={customer !== null && invoices.isLoading}
              refreshing={invoices.isValidating}
              error={invoices.error}
              onRetry={() => void invoices.mutate()}
              maxHeight={TABLE_HEIGHT}
              fixedHeight
              emptyText={customer ? NO_RECORD_TEXT : 'Choose a customer to see their invoices.'}
            />
            {customer && (
              <Pagination
                label="Invoices of the chosen customer"
                unit="invoices"
                pagy={invoices.data?.pagy}
                onPage={setInvoicePage}
                reserve
              />
            )}
          </div>
        </section>
      </Panes>
      <Footer>
        <strong role="status">
          {bulkMode ? `Customer selected : ${bulk.length}` : `Invoice selected : ${invoiceIds.length}`}
        </strong>
        <ChannelChecks
          legend="Notify by"
          chosen={channels}
          blocked={blocked}
          disabled={sending}
          onToggle={(channel) => send({ type: 'TOGGLE_CHANNEL', channel })}
        />
        <Button type="button" onClick={() => send({ type: 'SEND' })} aria-disabled={sending || undefined}>
          {sending ? 'Sending…' : 'Send Link'}
        </Button>
      </Footer>
      <ReminderComposer invoiceIds={invoiceIds} title="Reminder for the selected invoices" />
    </>
  );
}
