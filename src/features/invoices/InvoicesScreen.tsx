import styled from 'styled-components';
import { useSessionState } from '../../api/session-context';
import { canCreatePaymentLinks } from '../../domain/user';
import { AddInvoicesCard } from './AddInvoicesCard';
import { CreatePaymentLinksCard } from './CreatePaymentLinks';
import { CollectionsSection } from './CollectionsSection';
import { DistributorUtilisationCard } from './DistributorUtilisationCard';
import { InvoicesDueSection } from './InvoicesDueSection';
import { InvoiceStatsSection } from './InvoiceStatsSection';

const Page = styled.div`
  padding: 24px;
  h1 {
    margin: 0 0 24px;
  }
`;

const TopRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: 16px;
  margin-bottom: 32px;
`;

/**
 * The Invoices page (spec 1 §2.6): the Add New Invoices card (CSV upload), Create Payment Links for users
 * allowed to (spec 1 §6), the distributor utilisation card, the invoice statistics, the Invoices Due table
 * (with Send Payment Links and the Detailed Invoice table's reminders, for the same users: every way of
 * sending a payment link needs the one permission) and the Collections table.
 */
export default function InvoicesScreen() {
  const mayCreateLinks = useSessionState((s) => canCreatePaymentLinks(s.context.user));
  return (
    <Page>
      <h1>Invoices</h1>
      <TopRow>
        <AddInvoicesCard />
        {mayCreateLinks && <CreatePaymentLinksCard />}
        <DistributorUtilisationCard />
      </TopRow>
      <InvoiceStatsSection />
      <InvoicesDueSection maySendLinks={mayCreateLinks} />
      <CollectionsSection />
    </Page>
  );
}
