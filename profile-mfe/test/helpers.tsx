import React from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ROUTES, pathTo } from '@social/shell/routes';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { api, setAuth } from '@social/shell/bus';
import { queryClient, queryKeys } from '@social/shell/data';
import ProfilePage from '../src/page/ProfilePage';
import { requestsTo, setUpTestBackend, type SeenToast } from '../../tools/jest/backend-kit';
export { requestsTo, type SeenToast };

/** Where the router is, for assertions on navigation. */
function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

/** The profile page under the route the shell gives it, plus the pages it links to. */
export function renderProfile(handle: string) {
  // Accept checks off, so a wrong file type reaches the page's own check (as a drag-and-drop would).
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <MemoryRouter initialEntries={[pathTo('profile', { userHandler: handle })]}>
      <Routes>
        <Route path={ROUTES.profile} element={<ProfilePage />} />
        <Route path={ROUTES.home} element={<h1>Home feed</h1>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return { user, ...view };
}

/** Signs in test user n (1 to 4) as the login page does. */
export async function signIn(n = 1) {
  const { me, encodedToken } = await api.v2.auth.login(TEST_CREDENTIALS[n - 1]!);
  act(() => setAuth({ token: encodedToken, user: me }));
  return me;
}

/** The real fake backend in test mode, plus the toasts the page raises. */
export const setupBackend = () => setUpTestBackend();

/** A member as the query cache holds them (what every part of the page shows), by handle. */
export function cachedMember(handle: string): MemberV2 | undefined {
  const id = queryClient.getQueryData<string>(queryKeys.memberHandle(handle));
  return id ? queryClient.getQueryData<MemberV2>(queryKeys.member(id)) : undefined;
}
