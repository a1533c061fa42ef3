import styled from 'styled-components';
import { CustomersDetails } from './CustomersDetails';

const Page = styled.div`
  padding: 24px;
  h1 { margin: 0; }
`;

/** Admin. The customers list is here; users, bank accounts and configuration arrive with the admin issue. */
export default function AdminScreen() {
  return (
    <Page>
      <h1>Admin</h1>
      <CustomersDetails />
    </Page>
  );
}
