/**
 * The login page's test credentials (SPEC §2) only where the backend holds their members
 * (GET /api/v2/meta): at once with the in-browser backend, which always does; against an API
 * server once it says `demo: true`, and never when it says false or does not answer.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Response } from 'miragejs';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { setApiBaseUrl } from '@social/shell/bus';
import { renderAuth, requestsTo, setupBackend } from './helpers';

const ctx = setupBackend();
afterEach(() => setApiBaseUrl(''));

const credentials = () => screen.queryByRole('combobox', { name: 'Test credentials' });
const fill = () => screen.queryByRole('button', { name: 'Fill test credentials' });

/** An API server at `origin` (the fake backend answering its address) whose meta says `demo`, or fails. */
function apiServer(origin: string, demo: boolean | 'fails') {
  setApiBaseUrl(origin);
  ctx.server.get(`${origin}/api/v2/meta`, () => (demo === 'fails' ? new Response(503, {}, { errors: ['Down'] }) : { demo }));
  return () => requestsTo(ctx.server, '/api/v2/meta');
}

test('the in-browser backend: the test credentials are there at once, and /login calls nothing', () => {
  renderAuth('/login');
  expect(credentials()).toBeInTheDocument();
  expect(fill()).toBeInTheDocument();
  expect(requestsTo(ctx.server, '/api/v2/meta')).toBe(0);
});

test('an API server without the demo: no test credentials, only the form', async () => {
  const asked = apiServer('http://api.without-demo.test', false);
  renderAuth('/login');
  await waitFor(() => expect(asked()).toBe(1));
  expect(credentials()).not.toBeInTheDocument();
  expect(fill()).not.toBeInTheDocument();
  expect(screen.queryByText('Test credentials')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
});

test('an API server that does not answer: no test credentials', async () => {
  const asked = apiServer('http://api.down.test', 'fails');
  renderAuth('/login');
  await waitFor(() => expect(asked()).toBe(1));
  expect(credentials()).not.toBeInTheDocument();
});

test('an API server with the demo: the test credentials show once it says so, and fill the form', async () => {
  const asked = apiServer('http://api.with-demo.test', true);
  renderAuth('/login');
  // Nothing before the answer: no credentials that might open nothing.
  expect(credentials()).not.toBeInTheDocument();
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Test credentials' }), 'Test user 2');
  await userEvent.click(screen.getByRole('button', { name: 'Fill test credentials' }));
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(TEST_CREDENTIALS[1]!.username);
  expect(asked()).toBe(1);
});
