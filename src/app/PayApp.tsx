import { SWRConfig } from 'swr';
import { Route, Switch } from 'wouter';
import { ClientProvider } from '../api/client-context';
import { publicClient } from '../api/public-client';
import { config } from '../config';
import { withProduct } from '../domain/product';
import { screens } from '../features/pay/screen';
import { QueryStoreProvider } from '../ui/query-store';
import { ThemeChoiceProvider } from '../ui/theme-context';
import { AppToaster } from '../ui/toast';
import { exact, lazyScreens, LIST_CACHE_OPTIONS, PublicPage } from './routing';

const PAY_SCREENS = lazyScreens(screens).map((s) => ({ ...s, path: withProduct(s.route.path, config.product) }));

/**
 * The pay pages' own light app, to load fast on a cheap phone: a retailer opens them from a link, with no login.
 * No session machine, no session provider: the screens call the provider through the public client, with the
 * page token. The theme, the list cache and the toasts are the app's; the toast library loads with a toast.
 * Built, it runs on Preact (`preact/compat`: pay.html, build/pay.ts); in dev and from index.html, on React.
 */
export function PayApp() {
  return (
    <ThemeChoiceProvider>
      <ClientProvider client={publicClient()}>
        <SWRConfig value={LIST_CACHE_OPTIONS}>
          <QueryStoreProvider>
            <Switch>
              {PAY_SCREENS.map(({ path, route, Screen }) => (
                <Route key={path} path={exact(path)}>
                  <PublicPage title={route.title} screen={Screen} />
                </Route>
              ))}
            </Switch>
          </QueryStoreProvider>
        </SWRConfig>
      </ClientProvider>
      <AppToaster />
    </ThemeChoiceProvider>
  );
}
