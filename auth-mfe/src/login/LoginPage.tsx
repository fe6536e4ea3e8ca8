import React, { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CLIENT_MESSAGES, TEST_CREDENTIALS, TEXT_LIMITS } from '@social/mock-api/contract';
import { api, ApiError, errorMessage, setAuth, toast } from '@social/shell/bus';
import { pathTo } from '@social/shell/routes';
import { AuthCard } from '../form/AuthCard';
import { PasswordField } from '../form/PasswordField';
import { TextField } from '../form/TextField';
import { useSingleSubmit } from '../form/use-single-submit';
import { emailChangeError, emailSubmitError } from '../form/validation';
import { useDemoCredentials } from './use-demo-credentials';

interface Errors {
  email?: string;
  password?: string;
  /** The server refused the pair: shown under Password, and the e-mail box points at it too. */
  credentials?: string;
}

/** 401 (wrong password) and 404 (unknown e-mail) mean the credentials are wrong; other failures are not the member's fault. */
const isCredentialsRefusal = (error: unknown): boolean => error instanceof ApiError && error.status >= 400 && error.status < 500;

function loginFailureMessage(error: unknown): string {
  if (isCredentialsRefusal(error)) return CLIENT_MESSAGES.loginFailed;
  return errorMessage(error);
}

/**
 * /login (flows in e2e/flows.e2e.ts). On success it only publishes the member on the bus (setAuth); the
 * shell's PublicOnly guard then sends them where they were going.
 */
export default function LoginPage() {
  const id = useId();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [testSet, setTestSet] = useState(0);
  const { busy, run } = useSingleSubmit();
  // The test credentials only where their members exist (the in-browser backend, a demo server).
  const demo = useDemoCredentials();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  function changeEmail(value: string) {
    setEmail(value);
    setErrors((e) => ({ ...e, email: emailChangeError(value), credentials: undefined }));
  }

  function changePassword(value: string) {
    setPassword(value);
    // The empty-field message goes as soon as something is typed; a refusal goes with any change.
    setErrors((e) => ({ ...e, password: value ? undefined : e.password, credentials: undefined }));
  }

  function fillTestCredentials() {
    const set = TEST_CREDENTIALS[testSet];
    if (!set) return;
    setEmail(set.username);
    setPassword(set.password);
    setErrors({});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {
      email: emailSubmitError(email),
      password: password ? undefined : CLIENT_MESSAGES.emptyField('Password'),
    };
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    void run(async () => {
      try {
        const { me, encodedToken } = await api.v2.auth.login({ username: email.trim(), password });
        setAuth({ token: encodedToken, user: me });
      } catch (error) {
        toast('error', loginFailureMessage(error));
        // The toast goes after 1.5 s: the refusal also stays beside the fields until they change.
        if (isCredentialsRefusal(error)) {
          setErrors((e) => ({ ...e, credentials: CLIENT_MESSAGES.loginFailed }));
          passwordRef.current?.focus();
        }
      }
    });
  }

  return (
    <AuthCard
      title="Log in to Orbit"
      subtitle="Welcome back! Enter your e-mail and password."
      busy={busy}
      footer={
        <>
          New to Orbit?{' '}
          <Link to={pathTo('signup')} state={location.state}>
            Sign up
          </Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          value={email}
          onChange={changeEmail}
          error={errors.email}
          alsoDescribedBy={errors.credentials && !errors.email ? `${id}-password-error` : undefined}
          autoComplete="username"
          maxLength={TEXT_LIMITS.username}
          inputRef={emailRef}
        />
        <PasswordField
          id={`${id}-password`}
          value={password}
          onChange={changePassword}
          error={errors.password ?? errors.credentials}
          autoComplete="current-password"
          maxLength={TEXT_LIMITS.password}
          inputRef={passwordRef}
        />
        <button type="submit" className="btn btn--primary auth-form__submit" disabled={busy}>
          Log In
        </button>
      </form>
      {demo && (
        <div className="auth-test">
          <label className="auth-test__title" htmlFor={`${id}-test`}>
            Test credentials
          </label>
          <p id={`${id}-test-hint`} className="auth-test__hint muted">
            Trying Orbit out? Pick a sample member and fill the form.
          </p>
          <div className="auth-test__row">
            <select
              id={`${id}-test`}
              className="input auth-test__select"
              value={testSet}
              aria-describedby={`${id}-test-hint`}
              onChange={(event) => setTestSet(Number(event.target.value))}
            >
              {TEST_CREDENTIALS.map((_, index) => (
                <option key={index} value={index}>
                  {`Test user ${index + 1}`}
                </option>
              ))}
            </select>
            <button type="button" className="btn auth-test__fill" onClick={fillTestCredentials} disabled={busy}>
              Fill test credentials
            </button>
          </div>
        </div>
      )}
    </AuthCard>
  );
}
