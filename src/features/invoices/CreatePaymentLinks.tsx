import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import type { DueListMeta } from '../../api/codecs/invoices';
import type { LinkRow } from '../../api/codecs/links';
import { DEFAULT_DUE_FILTER } from '../../api/invoice-queries';
import { fetchPaymentLinks, type ChannelFinanceChoice, type LinkListParams } from '../../api/links';
import { formatMoney } from '../../domain/money';
import { CHANNEL_LABELS } from '../../domain/reminders';
import { LINK_STATUSES, type LinkStatus } from '../../domain/statuses';
import { formatCount, formatDate } from '../../lib/format';
import type { TableState } from '../../lib/table-state';
import { Input, Label, Select } from '../../ui/controls';
import { Button } from '../../ui/form';
import { ListBlock } from '../../ui/ListBlock';
import { Modal, TABLE_MODAL_WIDTH } from '../../ui/Modal';
import { Skeleton } from '../../ui/Skeleton';
import { MODAL_TABLE_MAX_HEIGHT, type Column } from '../../ui/Table';
import { useList } from '../../ui/useList';
import { useTableState } from '../../ui/useTableState';
import { ChannelChecks } from './ChannelChecks';
import { useInvoices } from './hooks';
import { PageCard } from './layout';
import { useCreateLink } from './useLinkFlows';

/** The generated-links table's state lives in the URL under `links.*` while the modal is open (`links.f.open=1`). */
const LINKS_ID = 'links';
const LINKS_DEFAULTS: Partial<TableState> = { filters: { channel: 'all', status: 'all' } };
const CHANNEL_FINANCE: readonly ChannelFinanceChoice[] = ['all', 'channel_finance', 'non_channel_finance'];
const CHANNEL_FINANCE_LABELS: Record<ChannelFinanceChoice, string> = {
  all: 'All',
  channel_finance: 'Channel Finance',
  non_channel_finance: 'Non-Channel Finance',
};
const STATUS_CHOICES = ['all', ...LINK_STATUSES] as const;
const STATUS_LABELS: Record<'all' | LinkStatus, string> = {
  all: 'All',
  paid: 'Paid',
  pending: 'Pending',
  expired: 'Expired',
};
const pick = <V extends string>(values: readonly V[], value: string | undefined): V =>
  values.includes(value as V) ? (value as V) : values[0]!;

function linkParams(state: TableState): LinkListParams | null {
  if (state.filters.open !== '1') return null;
  return {
    region: state.region,
    channelFinance: pick(CHANNEL_FINANCE, state.filters.channel),
    status: pick(STATUS_CHOICES, state.filters.status),
    search: state.search,
    page: state.page,
  };
}

const linkKey = (row: LinkRow) => row.id;
const COLUMNS: readonly Column<LinkRow>[] = [
  { key: 'name', header: 'User Name', render: (row) => row.name },
  { key: 'contact', header: 'Contact', render: (row) => row.phone_number ?? row.email ?? '-' },
  { key: 'invoices', header: 'Invoice No.', render: (row) => row.invoice_numbers.join(', ') || '-' },
  { key: 'created', header: 'Creation Date', render: (row) => formatDate(row.creation_date) },
  {
    key: 'channels',
    header: 'Sent by',
    render: (row) => row.mode_of_communication?.map((c) => CHANNEL_LABELS[c]).join(', ') ?? '-',
  },
  { key: 'status', header: 'Link Status', render: (row) => STATUS_LABELS[row.status] },
];

const LINK_FIGURES_CAPTION =
  'Payment links generated to date. Total due: what their open invoices still owe. Customers: those the links went to.';

const Summary = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 8px 16px;
  margin: 8px 0 16px;
  dt {
    color: ${({ theme }) => theme.textMuted};
    font-size: 13px;
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-size: 18px;
  }
`;

const Form = styled.form`
  display: grid;
  gap: 12px;
  margin-bottom: 16px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 10px;
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
    gap: 12px;
  }
  .fields > div {
    display: grid;
    gap: 4px;
  }
  input[readonly] {
    opacity: 0.85;
  }
`;

/**
 * 'Create Payment Links' (spec 1 §2.6), for users with the create-payment-links permission: a card with
 * the link figures that opens the modal: the same figures, the form (invoice-number lookup filling the
 * customer's details read-only, notify-by channels, Send Link) and the generated-links table.
 */
export function CreatePaymentLinksCard() {
  const meta = useInvoices({ filter: DEFAULT_DUE_FILTER, region: 'all', search: '', page: 1 });
  const [state, update] = useTableState(LINKS_ID, LINKS_DEFAULTS);
  const titleId = useId();
  return (
    <PageCard as="section" aria-labelledby={titleId} data-testid="create-links-card">
      <h2 id={titleId}>Create Payment Links</h2>
      <LinkFigures meta={meta.data?.meta} />
      <div className="actions">
        <Button
          type="button"
          aria-haspopup="dialog"
          onClick={() => update({ filters: { ...LINKS_DEFAULTS.filters, open: '1' } })}
        >
          Create Payment Links
        </Button>
      </div>
      <Modal
        open={state.filters.open === '1'}
        title="Create Payment Links"
        width={TABLE_MODAL_WIDTH}
        onClose={() => update({ page: 1, region: 'all', search: '', filters: { ...LINKS_DEFAULTS.filters } })}
      >
        {state.filters.open === '1' && (
          <CreateLinksBody onChanged={() => void meta.mutate()} figures={<LinkFigures meta={meta.data?.meta} />} />
        )}
      </Modal>
    </PageCard>
  );
}

/** The figures of one set, the payment links generated to date, under a caption that says so. */
function LinkFigures({
  meta,
}: {
  meta: Pick<DueListMeta, 'active_links' | 'links_generated' | 'links_total_due' | 'customers'> | undefined;
}) {
  const value = (text: string | undefined) => text ?? <Skeleton $width="60px" $height="20px" />;
  const captionId = useId();
  return (
    <>
      <p className="muted" id={captionId}>
        {LINK_FIGURES_CAPTION}
      </p>
      <Summary aria-describedby={captionId}>
        <div>
          <dt>Active links</dt>
          <dd>{value(meta && formatCount(meta.active_links))}</dd>
        </div>
        <div>
          <dt>Links generated to date</dt>
          <dd>{value(meta && formatCount(meta.links_generated))}</dd>
        </div>
        <div>
          <dt>Total due</dt>
          <dd>{value(meta && formatMoney(meta.links_total_due))}</dd>
        </div>
        <div>
          <dt>Customers</dt>
          <dd>{value(meta && formatCount(meta.customers))}</dd>
        </div>
      </Summary>
    </>
  );
}

function CreateLinksBody({ onChanged, figures }: { onChanged: () => void; figures: ReactNode }) {
  const list = useList({
    id: LINKS_ID,
    defaults: LINKS_DEFAULTS,
    resource: 'payment-links',
    params: linkParams,
    fetch: fetchPaymentLinks,
  });
  const refresh = () => {
    onChanged();
    void list.mutate();
  };
  const { snapshot, send, blocked } = useCreateLink(refresh);
  const { number, invoice, notFound, channels } = snapshot.context;
  const busy = snapshot.matches('creating');
  const id = useId();
  const setFilter = (name: string, value: string) => list.update({ filters: { ...list.state.filters, [name]: value } });
  const params = linkParams(list.state);
  return (
    <>
      {figures}
      <Form
        aria-label="New payment link"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SEND' });
        }}
      >
        <div className="fields">
          <div>
            <label htmlFor={`${id}-number`}>Invoice No.</label>
            <Input
              id={`${id}-number`}
              autoComplete="off"
              value={number}
              disabled={busy}
              aria-describedby={`${id}-lookup`}
              onChange={(event) => send({ type: 'TYPE_NUMBER', number: event.target.value })}
            />
            <small id={`${id}-lookup`} role="status">
              {snapshot.matches('lookingUp')
                ? 'Looking up the invoice…'
                : notFound
                  ? 'No open invoice has this number.'
                  : number.trim().length > 0 && !invoice
                    ? 'Type more than 3 characters to look the invoice up.'
                    : ''}
            </small>
          </div>
          <div>
            <label htmlFor={`${id}-customer`}>Customer</label>
            <Input id={`${id}-customer`} readOnly value={invoice?.customerName ?? ''} />
          </div>
          <div>
            <label htmlFor={`${id}-email`}>E-mail</label>
            <Input id={`${id}-email`} readOnly value={invoice?.email ?? ''} />
          </div>
          <div>
            <label htmlFor={`${id}-mobile`}>Mobile</label>
            <Input id={`${id}-mobile`} readOnly value={invoice?.mobile ?? ''} />
          </div>
        </div>
        <ChannelChecks
          legend="Notify by"
          chosen={channels}
          blocked={blocked}
          disabled={busy}
          onToggle={(channel) => send({ type: 'TOGGLE_CHANNEL', channel })}
        />
        <div>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Sending…' : 'Send Link'}
          </Button>
        </div>
      </Form>
      <ListBlock
        list={list}
        rows={list.data?.data}
        pagy={list.data?.pagy}
        columns={COLUMNS}
        rowKey={linkKey}
        caption="Generated links"
        pagerLabel="Generated links"
        pagerUnit="links"
        search={{ label: 'Search generated links', placeholder: 'Customer name / Invoice No.' }}
        filters={
          <>
            <Label htmlFor={`${id}-cf`}>Customers</Label>
            <Select
              id={`${id}-cf`}
              value={params?.channelFinance ?? 'all'}
              onChange={(event) => setFilter('channel', event.target.value)}
            >
              {CHANNEL_FINANCE.map((value) => (
                <option key={value} value={value}>
                  {CHANNEL_FINANCE_LABELS[value]}
                </option>
              ))}
            </Select>
            <Label htmlFor={`${id}-status`}>Link status</Label>
            <Select
              id={`${id}-status`}
              value={params?.status ?? 'all'}
              onChange={(event) => setFilter('status', event.target.value)}
            >
              {STATUS_CHOICES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </Select>
          </>
        }
        maxHeight={MODAL_TABLE_MAX_HEIGHT}
      />
    </>
  );
}
