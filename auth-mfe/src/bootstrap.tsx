import React from 'react';
import { Navigate, Route } from 'react-router-dom';
import { PublicOnly, startDevHost } from '@social/shell/dev-host';
import LoginPage from './login/LoginPage';
import SignupPage from './signup/SignupPage';

function SignedIn() {
  return <p>Signed in. The shell would now show the home feed; sign out above to try again.</p>;
}

void startDevHost({
  name: 'auth-mfe',
  signIn: false,
  links: [
    { to: '/login', label: 'Login' },
    { to: '/signup', label: 'Signup' },
  ],
  routes: (
    <>
      <Route path="/login" element={<PublicOnly><LoginPage /></PublicOnly>} />
      <Route path="/signup" element={<PublicOnly><SignupPage /></PublicOnly>} />
      <Route path="/" element={<SignedIn />} />
      <Route path="*" element={<Navigate to="/login" replace />} />
    </>
  ),
});
