import type { CustomerContact } from '../../api/codecs/customers';
import { fetchVirtualAccounts, virtualAccountsQuery } from '../../api/admin';
import { orMissing } from '../../lib/format';
import { ListBlock } from '../../ui/ListBlock';
import type { Column } from '../../ui/Table';
import { useList } from '../../ui/useList';
import { PreviewNote, Section } from './styles';

const account = (c: CustomerContact) => c.account_details?.[0];

const COLUMNS: readonly Column<CustomerContact>[] = [
  { key: 'name', header: 'Customer Name', render: (c) => c.name },
  { key: 'code', header: 'Customer ID', render: (c) => c.customer_code },
  { key: 'virtual', header: 'Virtual Account Number', render: (c) => orMissing(c.virtual_account_number) },
  { key: 'bank', header: 'Bank Name', render: (c) => orMissing(account(c)?.bank_name) },
  { key: 'number', header: 'Account Number', render: (c) => orMissing(account(c)?.account_number) },
  { key: 'ifsc', header: 'IFSC', render: (c) => orMissing(account(c)?.ifsc) },
  { key: 'upi', header: 'UPI ID', render: (c) => orMissing(account(c)?.upi_id) },
];

/** Virtual Accounts (spec 2 §2.7): read-only; the provider has no call to upload them. */
export function VirtualAccountsSection() {
  const list = useList({
    id: 'virtual',
    resource: 'virtual-accounts',
    params: virtualAccountsQuery,
    fetch: fetchVirtualAccounts,
  });
  return (
    <Section aria-labelledby="virtual-title">
      <div className="head">
        <h2 id="virtual-title">Virtual Accounts</h2>
      </div>
      <PreviewNote>
        Read-only. Uploading virtual accounts is not available yet: the provider has no call for it.
      </PreviewNote>
      <ListBlock
        list={list}
        rows={list.data?.data}
        pagy={list.data?.pagy}
        columns={COLUMNS}
        rowKey={(c) => c.id}
        caption="Virtual Accounts"
        pagerLabel="Virtual Accounts"
        pagerUnit="customers"
        search={{ label: 'Search virtual accounts', placeholder: 'Customer Name ,Customer Id ' }}
      />
    </Section>
  );
}
