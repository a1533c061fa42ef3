import { startTransition, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { GhostButton } from '../../ui/form';
import { CreditSection } from './CreditSection';
import { InvoicesSection } from './InvoicesSection';
import { LeadManager } from './LeadManager';
import { LendingSummaryBlock } from './LendingSummaryBlock';
import { Panel, SectionBox } from '../../ui/layout';
import { afterPaint } from '../../ui/schedule';

const Page = styled.div`
  padding: 24px;
  h1 {
    margin: 0 0 24px;
  }
`;

const Footer = styled.footer`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 16px;
  padding: 24px 0 8px;
  color: ${({ theme }) => theme.textMuted};
`;

/**
 * A block below the first screen: the browser skips its layout and paint until it nears the viewport
 * (`content-visibility: auto`), which keeps the dashboard's first layout short; the estimated height holds its place
 * until then (and its real height once it has been shown).
 */
const BelowTheFold = styled.div<{ $estimate: number }>`
  content-visibility: auto;
  contain-intrinsic-size: auto ${({ $estimate }) => $estimate}px;
`;

const Badge = styled.span`
  padding: 2px 8px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.warning};
  color: ${({ theme }) => theme.warning};
  font-size: 12px;
  font-weight: 700;
`;

/** The spec keeps the home payment-link block as a static, labelled mock: sample rows, no actions. */
const SAMPLE_LINKS = [
  { customer: 'Sample Traders', invoice: 'INV/2526/000101', status: 'Pending' },
  { customer: 'Example Distributors', invoice: 'INV/2526/000102', status: 'Paid' },
];

function PaymentLinksComingSoon() {
  return (
    <SectionBox aria-labelledby="links-soon-title">
      <Panel>
        <h2 id="links-soon-title">
          Payment Links <Badge>COMING SOON</Badge>
        </h2>
        <p>Sample data: this block shows what is coming; it does nothing yet.</p>
        <dl>
          {SAMPLE_LINKS.map((l) => (
            <div key={l.invoice} style={{ display: 'contents' }}>
              <dt>
                {l.customer} · {l.invoice}
              </dt>
              <dd>{l.status}</dd>
            </div>
          ))}
        </dl>
      </Panel>
    </SectionBox>
  );
}

/** The page's parts after the first (the lead manager, the credit section, the lending summary and the rest). */
const LATER_PARTS = 3;

/**
 * How many of the page's later parts are mounted: none at first, then one more after each paint, each rendered as a
 * transition (React renders it in slices and commits it on its own), so the page's first commit holds only the
 * title and the invoices section and no one step of building the rest blocks the page for long.
 */
function useLaterParts(): number {
  const [mounted, setMounted] = useState(0);
  useEffect(() => {
    if (mounted >= LATER_PARTS) return;
    return afterPaint(() => startTransition(() => setMounted((n) => n + 1)));
  }, [mounted]);
  return mounted;
}

/** A part of the page not mounted yet: empty space of about its height, so the footer stays out of view meanwhile. */
function Later({ mounted, estimate, children }: { mounted: boolean; estimate: number; children: ReactNode }) {
  return mounted ? children : <div style={{ minHeight: estimate }} />;
}

/** The home dashboard: invoices, lead manager, credit limit available, lending summary, and the footer. */
export default function HomeScreen() {
  const [today] = useState(() => new Date());
  const later = useLaterParts();
  return (
    <Page>
      <h1 id="top" tabIndex={-1}>
        Dashboard
      </h1>
      <InvoicesSection today={today} />
      <Later mounted={later >= 1} estimate={400}>
        <LeadManager />
      </Later>
      <BelowTheFold $estimate={1000}>
        <Later mounted={later >= 2} estimate={1000}>
          <CreditSection />
        </Later>
      </BelowTheFold>
      <BelowTheFold $estimate={520}>
        <Later mounted={later >= 3} estimate={520}>
          <LendingSummaryBlock today={today} />
          <PaymentLinksComingSoon />
        </Later>
      </BelowTheFold>
      <Footer>
        <span>You are all caught up</span>
        <GhostButton
          type="button"
          onClick={() => {
            window.scrollTo({ top: 0, behavior: 'smooth' });
            document.getElementById('top')?.focus({ preventScroll: true });
          }}
        >
          Go back to top
        </GhostButton>
      </Footer>
    </Page>
  );
}
