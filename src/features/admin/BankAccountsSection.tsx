import { useState } from 'react';
import type { BankAccount } from '../../api/codecs/admin';
import { fetchBankAccounts } from '../../api/admin';
import { ACCOUNT_TYPE_LABELS } from '../../domain/admin';
import { REGION_LABELS } from '../../domain/regions';
import { AddBankAccountModal } from '../../ui/admin-forms/AddBankAccountModal';
import { Button } from '../../ui/form';
import { ListBlock } from '../../ui/ListBlock';
import type { Column } from '../../ui/Table';
import { useList } from '../../ui/useList';
import { Section } from './styles';
import type { AdminContext } from './useAdminContext';

const COLUMNS: readonly Column<BankAccount>[] = [
  { key: 'account_name', header: 'Account Name', render: (b) => b.account_name },
  { key: 'account_number', header: 'Account Number', render: (b) => b.account_number },
  { key: 'account_type', header: 'Account Type', render: (b) => ACCOUNT_TYPE_LABELS[b.account_type] },
  { key: 'ifsc', header: 'IFSC', render: (b) => b.ifsc },
  { key: 'bank_name', header: 'Bank Name', render: (b) => b.bank_name },
  { key: 'branch_name', header: 'Branch Name', render: (b) => b.branch_name },
  { key: 'region', header: 'Region', render: (b) => REGION_LABELS[b.region] },
];

/** Anchor Bank Accounts (spec 2 §2.7): the accounts by region, and 'Add Bank Account' for those allowed. */
export function BankAccountsSection({ admin }: { admin: AdminContext }) {
  const list = useList({ id: 'banks', resource: 'bank-accounts', params: (state) => state, fetch: fetchBankAccounts });
  const [adding, setAdding] = useState(false);
  return (
    <Section aria-labelledby="banks-title">
      <div className="head">
        <h2 id="banks-title">Anchor Bank Accounts</h2>
        {admin.mayManage && (
          <Button type="button" aria-haspopup="dialog" onClick={() => setAdding(true)}>
            Add Bank Account
          </Button>
        )}
      </div>
      <ListBlock
        list={list}
        rows={list.data?.data}
        pagy={list.data?.pagy}
        columns={COLUMNS}
        rowKey={(b) => b.id}
        caption="Anchor Bank Accounts"
        pagerLabel="Anchor Bank Accounts"
        pagerUnit="accounts"
      />
      <AddBankAccountModal open={adding} onClose={() => setAdding(false)} />
    </Section>
  );
}
