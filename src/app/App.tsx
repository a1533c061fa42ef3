import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { Redirect, Route, Switch } from 'wouter';
import { LoginScreen } from '../features/auth/LoginScreen';
import { HomeScreen } from '../features/dashboard/HomeScreen';
import { AppToaster } from '../ui/toast';
import { Layout } from './Layout';
import { SessionProvider, useSessionState } from './session-context';
import { GlobalStyle, storedTheme, themes } from './theme';

/** Type t2 lands on the retailer page; everyone else on the dashboard. */
export function homeFor(event: string | null | undefined): string {
  return event === 't2' ? '/Retailer' : '/';
}

function Routes() {
  const loggedIn = useSessionState((s) => s.matches('loggedIn'));
  const event = useSessionState((s) => s.context.user?.event ?? s.context.event);
  return (
    <Switch>
      <Route path="/login">{loggedIn ? <Redirect to={homeFor(event)} replace /> : <LoginScreen />}</Route>
      <Route>
        {loggedIn ? (
          <Layout>
            <HomeScreen />
          </Layout>
        ) : (
          <Redirect to="/login" replace />
        )}
      </Route>
    </Switch>
  );
}

export function App() {
  const [theme] = useState(() => storedTheme(window.localStorage));
  return (
    <ThemeProvider theme={themes[theme]}>
      <GlobalStyle />
      <SessionProvider>
        <Routes />
      </SessionProvider>
      <AppToaster />
    </ThemeProvider>
  );
}
