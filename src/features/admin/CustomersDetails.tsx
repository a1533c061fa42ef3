import styled from 'styled-components';
import type { CompanyAddress, CustomerContact } from '../../api/codecs/customers';
import { orMissing } from '../../lib/format';
import { Toolbar } from '../../ui/controls';
import { Pagination } from '../../ui/Pagination';
import { RegionFilter } from '../../ui/RegionFilter';
import { SearchBox } from '../../ui/SearchBox';
import { Table, type Column } from '../../ui/Table';
import { useTableState } from '../../ui/useTableState';
import { useCustomerContacts } from './api';

const Section = styled.section`
  margin-top: 24px;
  h2 { margin: 0 0 4px; font-size: 20px; }
`;

export function formatAddress(address: CompanyAddress | null | undefined): string {
  if (!address) return '-';
  const parts = [address.address_1, address.address_2, address.city, address.state, address.pin_code].filter((p): p is string => Boolean(p && p.trim()));
  return parts.length > 0 ? parts.join(', ') : '-';
}

const COLUMNS: readonly Column<CustomerContact>[] = [
  { key: 'name', header: 'Customer Name', render: (c) => c.name },
  { key: 'code', header: 'Customer id', render: (c) => c.customer_code },
  { key: 'email', header: 'Work Email', render: (c) => orMissing(c.business_email) },
  { key: 'address', header: 'Address', render: (c) => formatAddress(c.company_address) },
  { key: 'phone', header: 'Phone Number', render: (c) => orMissing(c.mobile_number) },
  { key: 'upi', header: 'UPI ID', render: (c) => orMissing(c.account_details?.[0]?.upi_id) },
];

/** Admin's customer contact list: region, debounced search, paging, all kept in the URL (`customers.*`). */
export function CustomersDetails() {
  const [state, update] = useTableState('customers');
  const { data, error, isLoading, mutate } = useCustomerContacts(state);
  return (
    <Section aria-labelledby="customers-title">
      <h2 id="customers-title">Customers Details</h2>
      <Toolbar>
        <SearchBox label="Search customers" placeholder="Customer Name ,Customer Id " value={state.search} onSearch={(search) => update({ search })} />
        <RegionFilter value={state.region} onChange={(region) => update({ region })} />
      </Toolbar>
      <Table
        caption="Customers Details"
        hideCaption
        columns={COLUMNS}
        rows={data?.data}
        rowKey={(c) => c.id}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
      />
      <Pagination label="Customers Details" pagy={data?.pagy} onPage={(page) => update({ page })} />
    </Section>
  );
}
