import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_MESSAGES, STORAGE_KEYS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { api, auth$ } from '@social/shell/bus';
import { renderAuth, requestsTo, setupBackend } from './helpers';

const ctx = setupBackend();

const box = (name: 'First name' | 'Last name' | 'Email') => screen.getByRole('textbox', { name });
const passwordBox = () => screen.getByLabelText('Password');
const signUp = () => screen.getByRole('button', { name: 'Sign Up' });

async function fill({ first = 'Nila', last = 'Rao', email = 'nila.rao@example.com', password = 'orbit2024' } = {}) {
  if (first) await userEvent.type(box('First name'), first);
  if (last) await userEvent.type(box('Last name'), last);
  if (email) await userEvent.type(box('Email'), email);
  if (password) await userEvent.type(passwordBox(), password);
}

test('the page has its heading, the four named fields in order, and a sign-in link that keeps the remembered destination', async () => {
  renderAuth('/signup');
  expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  const fields = screen.getAllByRole('textbox').concat(passwordBox());
  expect(fields.map((f) => (f as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['First name', 'Last name', 'Email', 'Password']);

  await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Log in to Orbit' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
  await fill();
  await userEvent.click(signUp());
  // findBy would return the location box at once (it is always there); wait for its text instead.
  await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/profile/kabir'));
});

test('empty names give the name message on submit, focus goes to the first empty name, and it clears once both are there', async () => {
  renderAuth('/signup');
  await fill({ first: '', last: '' });
  await userEvent.click(signUp());
  expect(screen.getByText(CLIENT_MESSAGES.emptyName)).toBeInTheDocument();
  expect(box('First name')).toHaveFocus();
  expect(box('First name')).toHaveAttribute('aria-invalid', 'true');
  expect(box('Last name')).toHaveAttribute('aria-invalid', 'true');
  expect(box('First name')).toHaveAccessibleDescription(CLIENT_MESSAGES.emptyName);

  await userEvent.type(box('First name'), 'Nila');
  await userEvent.click(signUp());
  expect(screen.getByText(CLIENT_MESSAGES.emptyName)).toBeInTheDocument();
  expect(box('Last name')).toHaveFocus();
  expect(box('First name')).not.toHaveAttribute('aria-invalid');

  // Spaces only is still empty.
  await userEvent.type(box('Last name'), '   ');
  await userEvent.click(signUp());
  expect(screen.getByText(CLIENT_MESSAGES.emptyName)).toBeInTheDocument();

  await userEvent.type(box('Last name'), 'Rao');
  expect(screen.queryByText(CLIENT_MESSAGES.emptyName)).not.toBeInTheDocument();
  expect(requestsTo(ctx.server, '/api/v2/auth/signup')).toBe(0);
});

test('all fields empty: every rule speaks at once and focus goes to the first name', async () => {
  renderAuth('/signup');
  await userEvent.click(signUp());
  expect(screen.getByText(CLIENT_MESSAGES.emptyName)).toBeInTheDocument();
  expect(screen.getByText(CLIENT_MESSAGES.emptyField('Email'))).toBeInTheDocument();
  expect(screen.getByText(CLIENT_MESSAGES.passwordRule)).toBeInTheDocument();
  expect(box('First name')).toHaveFocus();
  expect(requestsTo(ctx.server, '/api/v2/auth/signup')).toBe(0);
});

test('the e-mail is checked on change, and a bad one stops the submit with focus on it', async () => {
  renderAuth('/signup');
  await fill({ email: 'nila@example' });
  expect(screen.getByText(CLIENT_MESSAGES.emailFormat)).toBeInTheDocument();
  expect(box('Email')).toHaveAccessibleDescription(CLIENT_MESSAGES.emailFormat);
  await userEvent.click(signUp());
  expect(box('Email')).toHaveFocus();
  await userEvent.type(box('Email'), '.com');
  expect(screen.queryByText(CLIENT_MESSAGES.emailFormat)).not.toBeInTheDocument();
  expect(requestsTo(ctx.server, '/api/v2/auth/signup')).toBe(0);
});

test.each([
  ['too short', 'abc1234'],
  ['without a digit', 'orbitorbit'],
  ['too long', 'a1234567890123456789x'],
])('a password %s shows the rule as it is typed and blocks the submit', async (_case, password) => {
  renderAuth('/signup');
  await fill({ password });
  expect(screen.getByText(CLIENT_MESSAGES.passwordRule)).toBeInTheDocument();
  expect(passwordBox()).toHaveAttribute('aria-invalid', 'true');
  expect(passwordBox()).toHaveAccessibleDescription(CLIENT_MESSAGES.passwordRule);
  expect(signUp()).toBeDisabled();
  // Enter from another field is blocked as well.
  await userEvent.type(box('Email'), '{Enter}');
  // eslint-disable-next-line testing-library/no-node-access -- the form element itself receives the submit
  fireEvent.submit(signUp().closest('form')!);
  expect(requestsTo(ctx.server, '/api/v2/auth/signup')).toBe(0);
  expect(passwordBox()).toHaveFocus();
});

test('the password rule shows once typed, goes when the password is good, and accepts 8 and 20 characters', async () => {
  renderAuth('/signup');
  await userEvent.type(passwordBox(), 'a');
  expect(screen.getByText(CLIENT_MESSAGES.passwordRule)).toBeInTheDocument();
  await userEvent.type(passwordBox(), 'bcdefg1');
  expect(passwordBox()).toHaveValue('abcdefg1');
  expect(screen.queryByText(CLIENT_MESSAGES.passwordRule)).not.toBeInTheDocument();
  expect(signUp()).toBeEnabled();
  await userEvent.type(passwordBox(), 'x'.repeat(12));
  expect(screen.queryByText(CLIENT_MESSAGES.passwordRule)).not.toBeInTheDocument();
  await userEvent.type(passwordBox(), 'x');
  expect(screen.getByText(CLIENT_MESSAGES.passwordRule)).toBeInTheDocument();
});

test('show/hide toggles the password type and keeps its name "Password"', async () => {
  renderAuth('/signup');
  await userEvent.type(passwordBox(), 'orbit2024');
  await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
  expect(screen.getByRole('textbox', { name: 'Password' })).toHaveAttribute('type', 'text');
  await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(passwordBox()).toHaveAttribute('type', 'password');
});

test('a successful signup creates the member (handle from the e-mail) and signs them in', async () => {
  renderAuth('/signup');
  await fill({ first: 'Nila', last: 'Rao', email: 'nila.rao@example.com', password: 'orbit2024' });
  await userEvent.click(signUp());
  // findBy would return the location box at once (it is always there); wait for its text instead.
  await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/profile/kabir'));
  const signedIn = auth$.value!;
  expect(signedIn.user).toMatchObject({ firstName: 'Nila', lastName: 'Rao', username: 'nila.rao@example.com', userHandler: 'nila.rao' });
  const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.loginItems) ?? 'null') as { token: string; user: { _id: string } };
  expect(stored).toMatchObject({ token: signedIn.token, user: { _id: signedIn.user._id } });
  // The new member can log in with the password sent.
  const { foundUser } = await api.auth.login({ username: 'nila.rao@example.com', password: 'orbit2024' });
  expect(foundUser._id).toBe(signedIn.user._id);
  expect(ctx.toasts).toEqual([]);
});

test('a taken e-mail gives the error toast and keeps the form filled', async () => {
  renderAuth('/signup');
  await fill({ email: TEST_CREDENTIALS[1]!.username });
  await userEvent.click(signUp());
  await waitFor(() => expect(ctx.toasts).toEqual([{ toastType: 'error', message: CLIENT_MESSAGES.signupFailed }]));
  expect(auth$.value).toBeNull();
  expect(box('Email')).toHaveValue(TEST_CREDENTIALS[1]!.username);
  expect(passwordBox()).toHaveValue('orbit2024');
  await waitFor(() => expect(signUp()).toBeEnabled());
});

test('a taken e-mail also shows its message under the e-mail box, linked to it, until the e-mail changes', async () => {
  renderAuth('/signup');
  await fill({ email: TEST_CREDENTIALS[1]!.username });
  await userEvent.click(signUp());
  await waitFor(() => expect(box('Email')).toHaveAccessibleDescription(CLIENT_MESSAGES.signupFailed));
  expect(box('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(box('Email')).toHaveFocus();
  await userEvent.type(box('Email'), 'm');
  expect(screen.queryByText(CLIENT_MESSAGES.signupFailed)).not.toBeInTheDocument();
});

test('the spinner shows while the call runs, and two quick submits create one member', async () => {
  ctx.server.timing = 300;
  renderAuth('/signup');
  await fill();
  const usersBefore = (await api.users.all()).users.length;
  // eslint-disable-next-line testing-library/no-node-access -- the form element itself receives the submits
  const form = signUp().closest('form')!;
  // eslint-disable-next-line testing-library/no-unnecessary-act -- both submits must land before React re-renders
  act(() => {
    fireEvent.submit(form);
    fireEvent.submit(form);
  });
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(signUp()).toBeDisabled();
  await userEvent.click(signUp());
  // findBy would return the location box at once (it is always there); wait for its text instead.
  await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/profile/kabir'));
  expect(requestsTo(ctx.server, '/api/v2/auth/signup')).toBe(1);
  expect((await api.users.all()).users.length).toBe(usersBefore + 1);
  // A second request would have been refused as a taken e-mail.
  expect(ctx.toasts).toEqual([]);
});
