import { useDeferredValue, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import { config } from '../config';
import { Button, GhostButton } from '../ui/form';
import { DefaultLogo } from '../ui/Logo';
import { ScreenSkeleton, Skeleton } from '../ui/Skeleton';
import { toastText } from '../domain/errors';
import { useErrorToast } from '../ui/toast';
import { navFor, routeFor, type UserType } from '../domain/access';
import { ProfileMenu } from './ProfilePopup';
import { useSession, useSessionState } from '../api/session-context';
import { useThemeChoice } from '../ui/theme-context';

const Shell = styled.div`
  min-height: 100%;
  display: grid;
  grid-template-columns: 220px 1fr;
  grid-template-rows: auto 1fr;
  grid-template-areas: 'nav top' 'nav main';
  @media (max-width: 760px) {
    grid-template-columns: 1fr;
    grid-template-areas: 'top' 'nav' 'main';
  }
`;

const SideNav = styled.nav`
  grid-area: nav;
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 16px 12px;
  background: ${({ theme }) => theme.surface};
  border-right: 1px solid ${({ theme }) => theme.border};
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 4px;
  }
  a {
    display: flex;
    align-items: center;
    min-height: 44px;
    padding: 0 12px;
    border-radius: 8px;
    color: ${({ theme }) => theme.text};
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.primary};
    color: ${({ theme }) => theme.primaryText};
    font-weight: 700;
  }
`;

const NavFooter = styled.div`
  margin-top: auto;
  padding-top: 16px;
`;

const ThemeSwitch = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  min-height: 44px;
  padding: 0 12px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  background: transparent;
  color: ${({ theme }) => theme.text};
  cursor: pointer;
  span[aria-hidden] {
    width: 36px;
    height: 20px;
    border-radius: 10px;
    background: ${({ theme }) => (theme.name === 'light' ? theme.primary : theme.border)};
    position: relative;
  }
  span[aria-hidden]::after {
    content: '';
    position: absolute;
    top: 2px;
    left: ${({ theme }) => (theme.name === 'light' ? '18px' : '2px')};
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: ${({ theme }) => theme.text};
  }
`;

const TopBar = styled.header`
  grid-area: top;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 8px 24px;
  background: ${({ theme }) => theme.surface};
  border-bottom: 1px solid ${({ theme }) => theme.border};
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  color: ${({ theme }) => theme.text};
  img {
    height: 32px;
    max-width: 160px;
    object-fit: contain;
  }
  small {
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Main = styled.main`
  grid-area: main;
  min-width: 0;
`;

const ErrorPanel = styled.section`
  margin: 24px;
  padding: 24px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.danger};
  background: ${({ theme }) => theme.surface};
`;

const productName = config.product.charAt(0).toUpperCase() + config.product.slice(1);

/** The logged-in frame: side navigation (per user type) with the theme switch, and the top bar. */
export function Layout({ children }: { children: ReactNode }) {
  const { actor } = useSession();
  const user = useSessionState((s) => s.context.user);
  const userState = useSessionState((s) =>
    s.matches({ loggedIn: { user: 'ready' } })
      ? 'ready'
      : s.matches({ loggedIn: { user: 'failed' } })
        ? 'failed'
        : 'loading',
  );
  // The screen follows a moment later, in a render React can pause (a transition): the frame paints first (with
  // the skeleton, even when the profile is already in), then the screen builds and lays out in tasks of its own.
  const screenState = useDeferredValue(userState, 'loading');
  const userError = useSessionState((s) => s.context.userError);
  const type = useSessionState((s) => s.context.accessType);
  const loggingOut = useSessionState((s) => s.matches({ loggedIn: { logout: 'pending' } }));
  useErrorToast(useSessionState((s) => s.context.logoutError));

  const anchorName = user?.anchor?.name;
  // The spec's fallbacks: the user's name, else the anchor's, else 'User name'.
  const displayName = user?.name || anchorName || 'User name';
  return (
    <Shell>
      <TopBar>
        <Brand>
          {user?.anchor?.logo_url ? (
            <img src={user.anchor.logo_url} alt={anchorName ?? 'Anchor logo'} />
          ) : (
            <DefaultLogo title={anchorName ?? 'Anchor Portal'} />
          )}
          <small>
            Powered by <strong>{productName}</strong>
          </small>
        </Brand>
        {userState === 'ready' ? (
          <ProfileMenu displayName={displayName} />
        ) : (
          <Skeleton $width="140px" $height="24px" aria-hidden />
        )}
      </TopBar>
      <Navigation type={userState === 'ready' ? type : undefined} />
      <Main id="main" tabIndex={-1}>
        {screenState === 'loading' && <ScreenSkeleton label="Loading your profile" />}
        {screenState === 'failed' && (
          <ErrorPanel role="alert">
            <h1>Your profile could not be loaded</h1>
            <p>{userError ? toastText(userError) : 'Something went wrong!'}</p>
            <Button type="button" onClick={() => actor.send({ type: 'RELOAD_USER' })}>
              Retry
            </Button>{' '}
            <GhostButton type="button" disabled={loggingOut} onClick={() => actor.send({ type: 'LOGOUT' })}>
              Log Out
            </GhostButton>
          </ErrorPanel>
        )}
        {screenState === 'ready' && children}
      </Main>
    </Shell>
  );
}

/** The entries of the user's type, the current one marked; skeleton entries while the type is unknown. */
function Navigation({ type }: { type: UserType | undefined }) {
  const [location] = useLocation();
  const { theme, toggle } = useThemeChoice();
  const current = routeFor(location)?.navPath;
  return (
    <SideNav aria-label="Main">
      {type === undefined ? (
        <ul aria-hidden>
          {[1, 2, 3, 4].map((n) => (
            <li key={n}>
              <Skeleton $height="36px" />
            </li>
          ))}
        </ul>
      ) : (
        <ul>
          {navFor(type).map((route) => (
            <li key={route.path}>
              <Link href={route.path} aria-current={route.navPath === current ? 'page' : undefined}>
                {route.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <NavFooter>
        <ThemeSwitch type="button" role="switch" aria-checked={theme === 'light'} onClick={toggle}>
          Light theme
          <span aria-hidden />
        </ThemeSwitch>
      </NavFooter>
    </SideNav>
  );
}
