import { lazy, Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { config } from '../config';
import { ScreenSkeleton } from '../ui/Skeleton';
import { AppToaster, notify } from '../ui/toast';
import { canSee, homeFor, routeFor, type UserType } from '../domain/access';
import { Layout } from './Layout';
import { RouteBoundary } from './RouteBoundary';
import { SessionProvider, useSessionState } from '../api/session-context';
import { ThemeChoiceProvider } from '../ui/theme-context';

/** Every screen is its own chunk: a route loads only its own code (the login route ships no charts or CSV). */
const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import('../features/dashboard/HomeScreen')),
  '/onboarding': lazy(() => import('../features/onboarding/OnboardingScreen')),
  '/invoices': lazy(() => import('../features/invoices/InvoicesScreen')),
  '/lending': lazy(() => import('../features/lending/LendingScreen')),
  '/my-pipeline': lazy(() => import('../features/pipeline/PipelineScreen')),
  '/Retailer': lazy(() => import('../features/retailer/RetailerScreen')),
  '/admin': lazy(() => import('../features/admin/AdminScreen')),
};

/** The public pay pages: a retailer opens them from a payment link; no login, no redirects. */
const PAY_SCREENS = {
  pay: lazy(() => import('../features/pay/PayScreen')),
  success: lazy(() => import('../features/pay/PaySuccessScreen')),
};

const ACCOUNT_SCREENS = {
  login: lazy(() => import('../features/auth/LoginScreen')),
  forgot: lazy(() => import('../features/auth/ForgotPasswordScreen')),
  reset: lazy(() => import('../features/auth/ResetPasswordScreen')),
};

function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Anchor Portal`;
  }, [title]);
}

/** A public account page: a logged-in visitor is sent on (home for login, `/` for forgot and reset). */
function AccountPage({ title, screen, loggedInTarget }: { title: string; screen: LazyExoticComponent<ComponentType>; loggedInTarget: string | null }) {
  if (loggedInTarget !== null) return <Redirect to={loggedInTarget} replace />;
  return <PublicPage title={title} screen={screen} />;
}

/** A public page: its own title, boundary and loading state; the session plays no part. */
function PublicPage({ title, screen: Screen }: { title: string; screen: LazyExoticComponent<ComponentType> }) {
  usePageTitle(title);
  return (
    <RouteBoundary name={title}>
      <Suspense fallback={<ScreenSkeleton />}>
        <Screen />
      </Suspense>
    </RouteBoundary>
  );
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
  const route = routeFor(location);
  const Screen = SCREENS[location];
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

/** Public routes match exactly, like the logged-in ones (wouter's string paths ignore case and a trailing slash). */
const exact = (path: string) => new RegExp(`^${path}$`);

function Routes() {
  const loggedIn = useSessionState((s) => s.matches('loggedIn'));
  const type = useSessionState((s): UserType => s.context.event);
  return (
    <Switch>
      <Route path={exact(`/pay-with-${config.product}`)}>
        <PublicPage title="Pay" screen={PAY_SCREENS.pay} />
      </Route>
      <Route path={exact(`/pay-with-${config.product}-success`)}>
        <PublicPage title="Payment" screen={PAY_SCREENS.success} />
      </Route>
      <Route path={exact('/login')}>
        <AccountPage title="Log In" screen={ACCOUNT_SCREENS.login} loggedInTarget={loggedIn ? homeFor(type) : null} />
      </Route>
      <Route path={exact('/forgot-password')}>
        <AccountPage title="Forgot password" screen={ACCOUNT_SCREENS.forgot} loggedInTarget={loggedIn ? '/' : null} />
      </Route>
      <Route path={exact('/reset-password')}>
        <AccountPage title="Reset password" screen={ACCOUNT_SCREENS.reset} loggedInTarget={loggedIn ? '/' : null} />
      </Route>
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
      value={{ provider: () => new Map(), onError: (error: unknown) => notify.failure(error), shouldRetryOnError: false, revalidateOnFocus: false }}
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
