import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { useSessionState } from '../../api/session-context';
import { canManageAnchor, ONBOARDING_CARDS, ONBOARDING_TEXT } from '../../domain/admin';
import { AddBankAccountModal } from '../../ui/admin-forms/AddBankAccountModal';
import { AddUserModal } from '../../ui/admin-forms/AddUserModal';
import { Button, ButtonLink, GhostButton } from '../../ui/form';

const Page = styled.div`
  padding: 24px;
  h1 {
    margin: 0 0 24px;
  }
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
  h2 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.textMuted};
  }
  a:not(${ButtonLink}) {
    justify-self: start;
    font-weight: 600;
    min-height: 24px;
  }
  .why {
    font-size: 14px;
  }
`;

type Open = 'user' | 'bank' | null;

/** Why a card's action has nothing to do yet: shown on the card, and the disabled button's description. */
const UNAVAILABLE: Partial<Record<(typeof ONBOARDING_CARDS)[number]['key'], string>> = {
  virtual: 'Not available yet: the provider has no call for uploading virtual accounts.',
  connect: 'The provider connects your account once the steps above are done; there is nothing to do here yet.',
};

/** An action with nothing to call: an outlined, disabled button, so it never looks like the live ones. */
const UnavailableButton = styled(GhostButton)`
  &:disabled {
    cursor: not-allowed;
  }
`;

/**
 * Onboarding (spec 2 §2.8): six cards with their buttons and the shared text. Add User and Add Bank
 * Account open the admin's own modals; templates and collection modes lead to their admin sections, looking
 * like the same kind of action; the virtual-account upload and Connect have no provider call, so their
 * buttons are outlined and disabled with the reason on the card.
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
      case 'templates':
        return <ButtonLink href="/admin#templates-title">{label}</ButtonLink>;
      case 'collect':
        return <ButtonLink href="/admin#collection-title">{label}</ButtonLink>;
      case 'virtual':
      case 'connect':
        return (
          <UnavailableButton type="button" disabled aria-describedby={`${key}-why`}>
            {label}
          </UnavailableButton>
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
            {UNAVAILABLE[card.key] !== undefined && (
              <p className="why" id={`${card.key}-why`}>
                {UNAVAILABLE[card.key]}
              </p>
            )}
            {card.key === 'virtual' && (
              <Link href="/admin#virtual-title">See the virtual accounts the provider has</Link>
            )}
          </Card>
        ))}
      </Grid>
      <AddUserModal open={open === 'user'} onClose={() => setOpen(null)} />
      <AddBankAccountModal open={open === 'bank'} onClose={() => setOpen(null)} />
    </Page>
  );
}
