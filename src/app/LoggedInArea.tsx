import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Redirect, useLocation } from 'wouter';
import { ScreenSkeleton } from '../ui/Skeleton';
import { canSee, homeFor, type AppRoute, type UserType } from '../domain/access';
import { Layout } from './Layout';
import { RouteBoundary } from './RouteBoundary';
import { useSessionState } from '../api/session-context';
import { SCREENS } from './screens';
import { LIST_CACHE_OPTIONS, usePageTitle } from './routing';

/*
 * The logged-in area: its own chunk, so the login page loads none of the layout, the profile
 * popup or the list cache (SWR). App.tsx renders it only with a session.
 */

/** The logged-in screens by exact path. */
const APP_SCREENS = new Map(SCREENS.flatMap((s) => (s.kind === 'app' ? [[s.route.path, s] as const] : [])));

/**
 * Lists: a failed load is toasted once ('CODE: detail'); the table shows it with Retry. Each login gets a
 * cache of its own, so nothing of the previous user's is shown to the next one in the same tab.
 */
function ListCache({ children }: { children: ReactNode }) {
  const userId = useSessionState((s) => s.context.userId);
  return (
    <SWRConfig key={userId ?? 'logged-out'} value={{ ...LIST_CACHE_OPTIONS, provider: () => new Map() }}>
      {children}
    </SWRConfig>
  );
}

/**
 * Once the profile is loaded, a path the user's type may not see (or no route at all) sends to the user's
 * home; typing the URL does not help.
 */
export default function LoggedInArea() {
  const [location] = useLocation();
  const ready = useSessionState((s) => s.matches({ loggedIn: { user: 'ready' } }));
  const type = useSessionState((s): UserType => s.context.accessType);
  const screen = APP_SCREENS.get(location);
  const route: AppRoute | undefined = screen?.route;
  const Screen = screen?.Screen;
  usePageTitle(route?.title ?? 'Anchor Portal');

  // On moving to another screen, focus goes to the main area, so keyboard and screen-reader users start there.
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);

  if (ready && (!route || !Screen || !canSee(type, route))) return <Redirect to={homeFor(type)} replace />;
  return (
    <ListCache>
      <Layout>
        {route && Screen && (
          <RouteBoundary key={location} name={route.title}>
            <Suspense fallback={<ScreenSkeleton label={`Loading ${route.title}`} />}>
              <Screen />
            </Suspense>
          </RouteBoundary>
        )}
      </Layout>
    </ListCache>
  );
}
