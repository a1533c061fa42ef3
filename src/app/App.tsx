import { Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { config } from '../config';
import { ScreenSkeleton } from '../ui/Skeleton';
import { AppToaster } from '../ui/toast';
import { canSee, homeFor, type AppRoute, type PublicRoute, type UserType } from '../domain/access';
import { withProduct } from '../domain/product';
import { Layout } from './Layout';
import { RouteBoundary } from './RouteBoundary';
import { SessionProvider, useSessionState } from '../api/session-context';
import { ThemeChoiceProvider } from '../ui/theme-context';
import { SCREENS } from './screens';
import { exact, LIST_CACHE_OPTIONS, PublicPage, usePageTitle } from './routing';

/** The logged-in screens by exact path, and the public ones with `{product}` filled in. */
const APP_SCREENS = new Map(SCREENS.flatMap((s) => (s.kind === 'app' ? [[s.route.path, s] as const] : [])));
const PUBLIC_SCREENS = SCREENS.flatMap((s) => (s.kind === 'public' ? [{ ...s, path: withProduct(s.route.path, config.product) }] : []));

/** A public page: a logged-in visitor of an account page is sent on (home for login, `/` for forgot and reset). */
function AccountPage({ title, screen, loggedInTarget }: { title: string; screen: LazyExoticComponent<ComponentType>; loggedInTarget: string | null }) {
  if (loggedInTarget !== null) return <Redirect to={loggedInTarget} replace />;
  return <PublicPage title={title} screen={screen} />;
}

/**
 * The logged-in area. Without a session it sends to /login. Once the profile is loaded, a path the
 * user's type may not see (or no route at all) sends to the user's home; typing the URL does not help.
 */
function LoggedInArea() {
  const [location] = useLocation();
  const loggedIn = useSessionState((s) => s.matches('loggedIn'));
  const ready = useSessionState((s) => s.matches({ loggedIn: { user: 'ready' } }));
  const type = useSessionState((s): UserType => s.context.event);
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

  if (!loggedIn) return <Redirect to="/login" replace />;
  if (ready && (!route || !Screen || !canSee(type, route))) return <Redirect to={homeFor(type)} replace />;
  return (
    <Layout>
      {route && Screen && (
        <RouteBoundary key={location} name={route.title}>
          <Suspense fallback={<ScreenSkeleton label={`Loading ${route.title}`} />}>
            <Screen />
          </Suspense>
        </RouteBoundary>
      )}
    </Layout>
  );
}

/** Where a logged-in visitor of a public page goes: nowhere (pay pages), home, or a path. */
function loggedInTarget(route: PublicRoute, loggedIn: boolean, type: UserType): string | null {
  if (!loggedIn || route.loggedIn === 'stay') return null;
  return route.loggedIn === 'home' ? homeFor(type) : route.loggedIn;
}

function Routes() {
  const loggedIn = useSessionState((s) => s.matches('loggedIn'));
  const type = useSessionState((s): UserType => s.context.event);
  return (
    <Switch>
      {PUBLIC_SCREENS.map(({ path, route, Screen }) => (
        <Route key={path} path={exact(path)}>
          <AccountPage title={route.title} screen={Screen} loggedInTarget={loggedInTarget(route, loggedIn, type)} />
        </Route>
      ))}
      <Route>
        <LoggedInArea />
      </Route>
    </Switch>
  );
}

/**
 * Lists: a failed load is toasted once ('CODE: detail'); the table shows it with Retry. Each login gets a
 * cache of its own, so nothing of the previous user's is shown to the next one in the same tab.
 */
function ListCache({ children }: { children: ReactNode }) {
  const userId = useSessionState((s) => s.context.userId);
  return (
    <SWRConfig
      key={userId ?? 'logged-out'}
      value={{ ...LIST_CACHE_OPTIONS, provider: () => new Map() }}
    >
      {children}
    </SWRConfig>
  );
}

export function App() {
  return (
    <ThemeChoiceProvider>
      <SessionProvider>
        <ListCache>
          <Routes />
        </ListCache>
      </SessionProvider>
      <AppToaster />
    </ThemeChoiceProvider>
  );
}
