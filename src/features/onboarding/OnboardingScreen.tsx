import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { useSessionState } from '../../api/session-context';
import { canManageAnchor, ONBOARDING_CARDS, ONBOARDING_TEXT } from '../../domain/admin';
import { AddBankAccountModal } from '../../ui/admin-forms/AddBankAccountModal';
import { AddUserModal } from '../../ui/admin-forms/AddUserModal';
import { Button } from '../../ui/form';
import { Modal } from '../../ui/Modal';

const Page = styled.div`
  padding: 24px;
  h1 { margin: 0 0 24px; }
`;

const Grid = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 16px;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  display: grid;
  gap: 8px;
  align-content: start;
  padding: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  h2 { margin: 0; font-size: 18px; }
  p { margin: 0; color: ${({ theme }) => theme.textMuted}; }
  a { justify-self: start; font-weight: 600; min-height: 24px; }
  .why { font-size: 14px; }
`;

type Open = 'user' | 'bank' | 'virtual' | null;

/**
 * Onboarding (spec 2 §2.8): six cards with their buttons and the shared text. Add User and Add Bank
 * Account open the admin's own modals; the virtual-account upload and Connect have no provider call, so
 * they say so instead of pretending; templates and collection modes lead to their admin sections.
 */
export default function OnboardingScreen() {
  const mayManage = useSessionState((s) => canManageAnchor(s.context.user));
  const [open, setOpen] = useState<Open>(null);
  const action = (key: (typeof ONBOARDING_CARDS)[number]['key'], label: string) => {
    switch (key) {
      case 'user':
      case 'bank':
        return mayManage ? (
          <Button type="button" aria-haspopup="dialog" onClick={() => setOpen(key)}>
            {label}
          </Button>
        ) : (
          <p className="why">Ask an administrator of your company to do this.</p>
        );
      case 'virtual':
        return (
          <Button type="button" aria-haspopup="dialog" onClick={() => setOpen('virtual')}>
            {label}
          </Button>
        );
      case 'templates':
        return <Link href="/admin#templates-title">{label}</Link>;
      case 'collect':
        return <Link href="/admin#collection-title">{label}</Link>;
      case 'connect':
        return (
          <Button type="button" disabled aria-describedby="connect-why">
            {label}
          </Button>
        );
    }
  };
  return (
    <Page>
      <h1>Onboarding</h1>
      <Grid>
        {ONBOARDING_CARDS.map((card) => (
          <Card key={card.key} data-testid={`onboarding-${card.key}`}>
            <h2>{card.title}</h2>
            <p>{ONBOARDING_TEXT}</p>
            {action(card.key, card.action)}
            {card.key === 'connect' && (
              <p className="why" id="connect-why">
                The provider connects your account once the steps above are done; there is nothing to do here yet.
              </p>
            )}
          </Card>
        ))}
      </Grid>
      <AddUserModal open={open === 'user'} onClose={() => setOpen(null)} />
      <AddBankAccountModal open={open === 'bank'} onClose={() => setOpen(null)} />
      <Modal open={open === 'virtual'} title="Upload Virtual Account" onClose={() => setOpen(null)}>
        <p>Uploading virtual accounts is not available yet: the provider has no call for it. The virtual accounts it already has are listed on the Admin page.</p>
        <Link href="/admin#virtual-title">See Virtual Accounts</Link>
      </Modal>
    </Page>
  );
}
