import { useEffect } from 'react';
import styled from 'styled-components';
import { BankAccountsSection } from './BankAccountsSection';
import { ConfigurationSection } from './ConfigurationSection';
import { CustomersDetails } from './CustomersDetails';
import { CollectionModesSection, TemplatesSection, UserAccessSection } from './StaticSections';
import { useAdminChange } from './useAdminChange';
import { useAdminContext } from './useAdminContext';
import { UsersSection } from './UsersSection';
import { VirtualAccountsSection } from './VirtualAccountsSection';

const Page = styled.div`
  padding: 24px;
  h1 {
    margin: 0;
  }
`;

/**
 * Admin (spec 2 §2.7), in the spec's order: Existing Users, Anchor Bank Accounts, Customers Details,
 * Virtual Accounts, then collection modes, user access and templates (the spec's placeholders, labelled),
 * and the Configuration of a system-generated anchor. Open to every access type (spec 2 §6).
 */
export default function AdminScreen() {
  const admin = useAdminContext();
  const changes = useAdminChange(admin.anchorId);
  // Onboarding links to a section (`/admin#templates-title`): an in-app navigation does not scroll by itself.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
    <Page>
      <h1>Admin</h1>
      <UsersSection admin={admin} changes={changes} />
      <BankAccountsSection admin={admin} />
      <CustomersDetails />
      <VirtualAccountsSection />
      <CollectionModesSection />
      <UserAccessSection />
      <TemplatesSection />
      <ConfigurationSection admin={admin} changes={changes} />
    </Page>
  );
}
