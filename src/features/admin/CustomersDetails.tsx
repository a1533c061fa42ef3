import styled from 'styled-components';
import type { CompanyAddress, CustomerContact } from '../../api/codecs/customers';
import { orMissing } from '../../lib/format';
import { customerContactsQuery, fetchCustomerContacts } from '../../api/customers';
import { ListBlock } from '../../ui/ListBlock';
import type { Column } from '../../ui/Table';
import { useList } from '../../ui/useList';

const Section = styled.section`
  margin-top: 24px;
  h2 {
    margin: 0 0 4px;
    font-size: 20px;
  }
`;

function formatAddress(address: CompanyAddress | null | undefined): string {
  if (!address) return '-';
  const parts = [address.address_1, address.address_2, address.city, address.state, address.pin_code].filter(
    (p): p is string => Boolean(p && p.trim()),
  );
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
  const list = useList({
    id: 'customers',
    resource: 'customers',
    params: customerContactsQuery,
    fetch: fetchCustomerContacts,
  });
  return (
    <Section aria-labelledby="customers-title">
      <h2 id="customers-title">Customers Details</h2>
      <ListBlock
        list={list}
        rows={list.data?.data}
        pagy={list.data?.pagy}
        columns={COLUMNS}
        rowKey={(c) => c.id}
        caption="Customers Details"
        pagerLabel="Customers Details"
        search={{ label: 'Search customers', placeholder: 'Customer Name ,Customer Id ' }}
      />
    </Section>
  );
}
