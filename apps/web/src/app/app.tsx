/** Routes (spec section 2). */
import { Redirect, Route, Switch } from 'wouter';
import { DashboardScreen } from '../screens/dashboard-screen.tsx';
import { NotFoundScreen } from '../screens/not-found-screen.tsx';
import { SignInScreen } from '../screens/signin-screen.tsx';
import { LocaleProvider } from './intl.tsx';
import { SessionProvider } from './session.tsx';

export function App() {
  return (
    <LocaleProvider>
      <SessionProvider>
        <Switch>
          <Route path="/">
            <Redirect to="/dashboard" replace />
          </Route>
          <Route path="/signin" component={SignInScreen} />
          <Route path="/dashboard" component={DashboardScreen} />
          <Route component={NotFoundScreen} />
        </Switch>
      </SessionProvider>
    </LocaleProvider>
  );
}
