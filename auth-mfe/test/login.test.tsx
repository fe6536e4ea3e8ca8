import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_MESSAGES, STORAGE_KEYS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { SEED_USERS } from '@social/mock-api/server';
import { auth$ } from '@social/shell/bus';
import { renderAuth, requestsTo, setupBackend } from './helpers';

const ctx = setupBackend();
const [adarsh] = TEST_CREDENTIALS;

const emailBox = () => screen.getByRole('textbox', { name: 'Email' });
const passwordBox = () => screen.getByLabelText('Password');
const logIn = () => screen.getByRole('button', { name: 'Log In' });

test('the page has its heading, named fields, and a sign-up link that keeps the remembered destination', async () => {
  renderAuth('/login');
  expect(screen.getByRole('heading', { level: 1, name: 'Log in to Orbit' })).toBeInTheDocument();
  expect(emailBox()).toBeInTheDocument();
  expect(passwordBox()).toHaveAttribute('type', 'password');
  expect(screen.getByRole('combobox', { name: 'Test credentials' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  // Back to login and a successful login still lands on the page the member was going to.
  await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
  await userEvent.type(emailBox(), adarsh!.username);
  await userEvent.type(passwordBox(), adarsh!.password);
  await userEvent.click(logIn());
  // findBy would return the location box at once (it is always there); wait for its text instead.
  await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/profile/kabir'));
});

test('the e-mail is checked on each change, and an empty box says nothing until submit', async () => {
  renderAuth('/login');
  await userEvent.type(emailBox(), 'adarsh');
  expect(screen.getByText(CLIENT_MESSAGES.emailFormat)).toBeInTheDocument();
  expect(emailBox()).toHaveAttribute('aria-invalid', 'true');
  expect(emailBox()).toHaveAccessibleDescription(CLIENT_MESSAGES.emailFormat);

  await userEvent.type(emailBox(), '@socialmfe.dev');
  expect(screen.queryByText(CLIENT_MESSAGES.emailFormat)).not.toBeInTheDocument();
  expect(emailBox()).not.toHaveAttribute('aria-invalid');

  await userEvent.type(emailBox(), ' x');
  expect(screen.getByText(CLIENT_MESSAGES.emailFormat)).toBeInTheDocument();
  await userEvent.clear(emailBox());
  expect(screen.queryByText(CLIENT_MESSAGES.emailFormat)).not.toBeInTheDocument();
  expect(screen.queryByText(CLIENT_MESSAGES.emptyField('Email'))).not.toBeInTheDocument();
});

test('submitting empty fields names each one and moves focus to the first invalid field; no request is sent', async () => {
  renderAuth('/login');
  await userEvent.click(logIn());
  expect(screen.getByText(CLIENT_MESSAGES.emptyField('Email'))).toBeInTheDocument();
  expect(screen.getByText(CLIENT_MESSAGES.emptyField('Password'))).toBeInTheDocument();
  expect(emailBox()).toHaveFocus();
  expect(passwordBox()).toHaveAttribute('aria-invalid', 'true');
  expect(passwordBox()).toHaveAccessibleDescription(CLIENT_MESSAGES.emptyField('Password'));

  // Enter in the e-mail box submits the form; now the password is the first invalid field.
  await userEvent.type(emailBox(), `${adarsh!.username}{Enter}`);
  expect(screen.queryByText(CLIENT_MESSAGES.emptyField('Email'))).not.toBeInTheDocument();
  expect(screen.getByText(CLIENT_MESSAGES.emptyField('Password'))).toBeInTheDocument();
  expect(passwordBox()).toHaveFocus();

  await userEvent.type(passwordBox(), 'a');
  expect(screen.queryByText(CLIENT_MESSAGES.emptyField('Password'))).not.toBeInTheDocument();
  expect(requestsTo(ctx.server, '/api/v2/auth/login')).toBe(0);
  expect(ctx.toasts).toEqual([]);
});

test('a badly formed e-mail blocks the submit with the format message and focus on the e-mail', async () => {
  renderAuth('/login');
  await userEvent.type(emailBox(), 'adarsh@socialmfe');
  await userEvent.type(passwordBox(), 'adarsh123');
  await userEvent.click(logIn());
  expect(screen.getByText(CLIENT_MESSAGES.emailFormat)).toBeInTheDocument();
  expect(emailBox()).toHaveFocus();
  expect(requestsTo(ctx.server, '/api/v2/auth/login')).toBe(0);
});

test('show/hide toggles the password between hidden and plain text, keeping its name', async () => {
  renderAuth('/login');
  await userEvent.type(passwordBox(), 'secret99');
  await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
  expect(screen.getByRole('textbox', { name: 'Password' })).toHaveAttribute('type', 'text');
  expect(screen.getByRole('textbox', { name: 'Password' })).toHaveValue('secret99');
  expect(screen.queryByRole('button', { name: 'Show password' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(passwordBox()).toHaveAttribute('type', 'password');
  expect(screen.queryByRole('textbox', { name: 'Password' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
});

test('each of the four test credential sets fills the form', async () => {
  renderAuth('/login');
  const select = screen.getByRole('combobox', { name: 'Test credentials' });
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Test user 1', 'Test user 2', 'Test user 3', 'Test user 4']);
  for (let n = 1; n <= 4; n += 1) {
    await userEvent.selectOptions(select, `Test user ${n}`);
    await userEvent.click(screen.getByRole('button', { name: 'Fill test credentials' }));
    expect(emailBox()).toHaveValue(TEST_CREDENTIALS[n - 1]!.username);
    expect(passwordBox()).toHaveValue(TEST_CREDENTIALS[n - 1]!.password);
  }
});

test('filling test credentials clears earlier messages, and logging in with them signs in that member', async () => {
  renderAuth('/login', null);
  await userEvent.click(logIn());
  expect(screen.getByText(CLIENT_MESSAGES.emptyField('Email'))).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Test credentials' }), 'Test user 3');
  await userEvent.click(screen.getByRole('button', { name: 'Fill test credentials' }));
  expect(screen.queryByText(CLIENT_MESSAGES.emptyField('Email'))).not.toBeInTheDocument();
  await userEvent.click(logIn());
  // Without a remembered destination the guard sends the member home.
  // findBy would return the location box at once (it is always there); wait for its text instead.
  await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^\/$/));
  expect(auth$.value?.user.username).toBe(TEST_CREDENTIALS[2]!.username);
});

test('a successful login publishes the member on the bus and stores token and user in login-items', async () => {
  renderAuth('/login');
  await userEvent.type(emailBox(), adarsh!.username);
  await userEvent.type(passwordBox(), adarsh!.password);
  await userEvent.click(logIn());
  await waitFor(() => expect(auth$.value).not.toBeNull());
  const expectedUser = SEED_USERS[0]!;
  expect(auth$.value?.user._id).toBe(expectedUser._id);
  expect(auth$.value?.token).toEqual(expect.any(String));
  const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.loginItems) ?? 'null') as { token: string; user: { _id: string } };
  expect(stored.token).toBe(auth$.value?.token);
  expect(stored.user._id).toBe(expectedUser._id);
  // The navigation follows the bus update on a later render: wait for it.
  await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/profile/kabir'));
  expect(ctx.toasts).toEqual([]);
});

test.each([
  ['a wrong password', adarsh!.username, 'not-the-password1'],
  ['an unknown e-mail', 'nobody@socialmfe.dev', 'whatever123'],
])('%s gives the error toast and keeps the form filled', async (_case, username, password) => {
  renderAuth('/login');
  await userEvent.type(emailBox(), username);
  await userEvent.type(passwordBox(), password);
  await userEvent.click(logIn());
  await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: CLIENT_MESSAGES.loginFailed }]));
  expect(auth$.value).toBeNull();
  expect(window.localStorage.getItem(STORAGE_KEYS.loginItems)).toBeNull();
  expect(emailBox()).toHaveValue(username);
  expect(passwordBox()).toHaveValue(password);
  await waitFor(() => expect(logIn()).toBeEnabled());
});

test('a refused login also shows its message beside the fields (linked to both) until one of them changes', async () => {
  renderAuth('/login');
  await userEvent.type(emailBox(), adarsh!.username);
  await userEvent.type(passwordBox(), 'not-the-password1');
  await userEvent.click(logIn());
  await waitFor(() => expect(passwordBox()).toHaveAccessibleDescription(CLIENT_MESSAGES.loginFailed));
  expect(passwordBox()).toHaveAttribute('aria-invalid', 'true');
  expect(passwordBox()).toHaveFocus();
  expect(emailBox()).toHaveAccessibleDescription(CLIENT_MESSAGES.loginFailed);
  expect(screen.getByText(CLIENT_MESSAGES.loginFailed)).toBeVisible();

  await userEvent.type(passwordBox(), 'x');
  expect(screen.queryByText(CLIENT_MESSAGES.loginFailed)).not.toBeInTheDocument();
  expect(passwordBox()).not.toHaveAttribute('aria-invalid');
  expect(emailBox()).not.toHaveAttribute('aria-describedby');
});

test('the full-screen spinner shows while the call runs and the button is disabled', async () => {
  ctx.server.timing = 150;
  renderAuth('/login');
  await userEvent.type(emailBox(), adarsh!.username);
  await userEvent.type(passwordBox(), 'wrong-password1');
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  await userEvent.click(logIn());
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(logIn()).toBeDisabled();
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument());
  expect(logIn()).toBeEnabled();
  expect(ctx.toasts).toHaveLength(1);
});

test('two quick submits send one request', async () => {
  ctx.server.timing = 300;
  renderAuth('/login');
  await userEvent.type(emailBox(), adarsh!.username);
  await userEvent.type(passwordBox(), 'wrong-password1');
  // eslint-disable-next-line testing-library/no-node-access -- the form element itself receives the submits
  const form = logIn().closest('form')!;
  // Two submits in the same tick, before React re-renders the button as disabled: one act() batch on purpose.
  // eslint-disable-next-line testing-library/no-unnecessary-act -- both submits must land before React re-renders
  act(() => {
    fireEvent.submit(form);
    fireEvent.submit(form);
  });
  await userEvent.click(logIn());
  await waitFor(() => expect(ctx.toasts).toHaveLength(1));
  expect(requestsTo(ctx.server, '/api/v2/auth/login')).toBe(1);
});
