import styled from 'styled-components';
import { AddInvoicesCard } from './AddInvoicesCard';
import { CollectionsSection } from './CollectionsSection';
import { DistributorUtilisationCard } from './DistributorUtilisationCard';
import { InvoicesDueSection } from './InvoicesDueSection';
import { InvoiceStatsSection } from './InvoiceStatsSection';

const Page = styled.div`
  padding: 24px;
  h1 { margin: 0 0 24px; }
`;

const TopRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: 16px;
  margin-bottom: 32px;
`;

/**
 * The Invoices page (spec 1 §2.6): the Add New Invoices card (CSV upload) and the distributor utilisation
 * card, the invoice statistics, the Invoices Due table and the Collections table. The payment-link and
 * reminder entry points arrive with their own issue.
 */
export default function InvoicesScreen() {
  return (
    <Page>
      <h1>Invoices</h1>
      <TopRow>
        <AddInvoicesCard />
        <DistributorUtilisationCard />
      </TopRow>
      <InvoiceStatsSection />
      <InvoicesDueSection />
      <CollectionsSection />
    </Page>
  );
}
