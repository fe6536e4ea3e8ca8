import React from 'react';
import { Navigate, Route } from 'react-router-dom';
import { PublicOnly, startDevHost } from '@social/shell/dev-host';
import { ROUTES, pathTo } from '@social/shell/routes';
import LoginPage from './login/LoginPage';
import SignupPage from './signup/SignupPage';

function SignedIn() {
  return <p>Signed in. The shell would now show the home feed; sign out above to try again.</p>;
}

void startDevHost({
  name: 'auth-mfe',
  signIn: false,
  links: [
    { to: pathTo('login'), label: 'Login' },
    { to: pathTo('signup'), label: 'Signup' },
  ],
  routes: (
    <>
      <Route
        path={ROUTES.login}
        element={
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        }
      />
      <Route
        path={ROUTES.signup}
        element={
          <PublicOnly>
            <SignupPage />
          </PublicOnly>
        }
      />
      <Route path={ROUTES.home} element={<SignedIn />} />
      <Route path="*" element={<Navigate to={pathTo('login')} replace />} />
    </>
  ),
});
