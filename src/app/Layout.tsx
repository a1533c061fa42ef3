import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useSession, useSessionState } from './session-context';
import { GhostButton } from '../ui/form';
import { notify } from '../ui/toast';

const Shell = styled.div`
  min-height: 100%;
  display: grid;
  grid-template-rows: auto 1fr;
`;

const TopBar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 12px 24px;
  background: ${({ theme }) => theme.surface};
  border-bottom: 1px solid ${({ theme }) => theme.border};
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  font-weight: 700;
  img { height: 32px; }
`;

const UserBox = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
`;

const Skeleton = styled.span`
  display: inline-block;
  width: 120px;
  height: 1em;
  border-radius: 4px;
  background: ${({ theme }) => theme.surfaceRaised};
`;

/** The logged-in frame: top bar with the anchor, the user's name and Log Out. */
export function Layout({ children }: { children: ReactNode }) {
  const { actor } = useSession();
  const user = useSessionState((s) => s.context.user);
  const loading = useSessionState((s) => s.matches({ loggedIn: { user: 'loading' } }));
  const loggingOut = useSessionState((s) => s.matches({ loggedIn: { logout: 'pending' } }));
  const logoutError = useSessionState((s) => (s.matches({ loggedIn: { logout: 'idle' } }) ? s.context.error : null));
  const shown = useRef(logoutError);

  useEffect(() => {
    if (logoutError && logoutError !== shown.current) notify.errors([logoutError]);
    shown.current = logoutError;
  }, [logoutError]);

  const anchorName = user?.anchor?.name;
  const displayName = user?.name || anchorName || 'User name';
  return (
    <Shell>
      <TopBar>
        <Brand>
          {user?.anchor?.logo_url ? <img src={user.anchor.logo_url} alt={anchorName ?? 'Anchor logo'} /> : <span>{anchorName ?? 'Anchor Portal'}</span>}
        </Brand>
        <UserBox>
          {loading ? <Skeleton aria-label="Loading profile" /> : <span data-testid="user-name">{displayName}</span>}
          <GhostButton type="button" disabled={loggingOut} onClick={() => actor.send({ type: 'LOGOUT' })}>
            Log Out
          </GhostButton>
        </UserBox>
      </TopBar>
      {children}
    </Shell>
  );
}
