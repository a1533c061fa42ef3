import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { config } from '../config';
import { ScreenSkeleton } from '../ui/Skeleton';
import { AppToaster } from '../ui/toast';
import { homeFor, type PublicRoute, type UserType } from '../domain/access';
import { withProduct } from '../domain/product';
import { SessionProvider, useSessionState } from '../api/session-context';
import { QueryStoreProvider } from '../ui/query-store';
import { ThemeChoiceProvider } from '../ui/theme-context';
import { SCREENS } from './screens';
import { exact, PublicPage } from './routing';

/**
 * The public screens with `{product}` filled in. A first load of a pay page gets the light pay app instead
 * (src/main.tsx), which has the list cache; here they are the account pages, which use no lists.
 */
const PUBLIC_SCREENS = SCREENS.flatMap((s) =>
  s.kind === 'public' ? [{ ...s, path: withProduct(s.route.path, config.product) }] : [],
);

/**
 * The layout, the profile popup and the list cache load with the first logged-in page, not with the login page
 * (with a stored session, src/main.tsx has asked for them already).
 */
const LoggedInArea = lazy(() => import('./LoggedInArea'));

/** A public page: a logged-in visitor of an account page is sent on (home for login, `/` for forgot and reset). */
function AccountPage({
  title,
  screen,
  loggedInTarget,
}: {
  title: string;
  screen: LazyExoticComponent<ComponentType>;
  loggedInTarget: string | null;
}) {
  if (loggedInTarget !== null) return <Redirect to={loggedInTarget} replace />;
  return <PublicPage title={title} screen={screen} />;
}

/** Without a session every other path sends to /login (before the logged-in area's code is asked for). */
function LoggedInGate() {
  const loggedIn = useSessionState((s) => s.matches('loggedIn'));
  if (!loggedIn) return <Redirect to="/login" replace />;
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <LoggedInArea />
    </Suspense>
  );
}

/** Where a logged-in visitor of a public page goes: nowhere (pay pages), home, or a path. */
function loggedInTarget(route: PublicRoute, loggedIn: boolean, type: UserType): string | null {
  if (!loggedIn || route.loggedIn === 'stay') return null;
  return route.loggedIn === 'home' ? homeFor(type) : route.loggedIn;
}

function Routes() {
  const loggedIn = useSessionState((s) => s.matches('loggedIn'));
  const type = useSessionState((s): UserType => s.context.accessType);
  return (
    <Switch>
      {PUBLIC_SCREENS.map(({ path, route, Screen }) => (
        <Route key={path} path={exact(path)}>
          <AccountPage title={route.title} screen={Screen} loggedInTarget={loggedInTarget(route, loggedIn, type)} />
        </Route>
      ))}
      <Route>
        <LoggedInGate />
      </Route>
    </Switch>
  );
}

export function App() {
  return (
    <ThemeChoiceProvider>
      <SessionProvider>
        <QueryStoreProvider>
          <Routes />
        </QueryStoreProvider>
      </SessionProvider>
      <AppToaster />
    </ThemeChoiceProvider>
  );
}
