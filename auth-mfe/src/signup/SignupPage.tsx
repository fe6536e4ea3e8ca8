import React, { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CLIENT_MESSAGES, TEXT_LIMITS } from '@social/mock-api/contract';
import { api, ApiError, errorMessage, setAuth, toast } from '@social/shell/bus';
import { pathTo } from '@social/shell/routes';
import { AuthCard } from '../form/AuthCard';
import { PasswordField } from '../form/PasswordField';
import { TextField } from '../form/TextField';
import { useSingleSubmit } from '../form/use-single-submit';
import { emailChangeError, emailSubmitError, isValidPassword } from '../form/validation';

interface Errors {
  name?: string;
  email?: string;
  password?: string;
}

/** 422 is the taken e-mail (SERVER_ERRORS.emailTaken in mock-api/src/contract.ts); anything else keeps the server's own words. */
const isEmailTaken = (error: unknown): boolean => error instanceof ApiError && error.status === 422;

function signupFailureMessage(error: unknown): string {
  if (isEmailTaken(error)) return CLIENT_MESSAGES.signupFailed;
  return errorMessage(error);
}

const passwordError = (value: string) => (isValidPassword(value) ? undefined : CLIENT_MESSAGES.passwordRule);

/**
 * /signup (flows in e2e/flows.e2e.ts). On success it publishes the new member on the bus (setAuth); the
 * shell's PublicOnly guard then sends them where they were going.
 */
export default function SignupPage() {
  const id = useId();
  const location = useLocation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { busy, run } = useSingleSubmit();
  const firstRef = useRef<HTMLInputElement>(null);
  const lastRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const nameErrorId = `${id}-name-error`;
  // Which name box the shared name message is about (both when both are empty).
  const firstMissing = !!errors.name && !firstName.trim();
  const lastMissing = !!errors.name && !lastName.trim();

  function changeName(which: 'first' | 'last', value: string) {
    const first = which === 'first' ? value : firstName;
    const last = which === 'last' ? value : lastName;
    if (which === 'first') setFirstName(value);
    else setLastName(value);
    // Once shown, the name message goes away as soon as both names are there.
    if (first.trim() && last.trim()) setErrors((e) => ({ ...e, name: undefined }));
  }

  function changeEmail(value: string) {
    setEmail(value);
    setErrors((e) => ({ ...e, email: emailChangeError(value) }));
  }

  function changePassword(value: string) {
    setPassword(value);
    // Checked on each change once typed; clearing the box waits for submit, like the e-mail.
    setErrors((e) => ({ ...e, password: value ? passwordError(value) : undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {
      name: firstName.trim() && lastName.trim() ? undefined : CLIENT_MESSAGES.emptyName,
      email: emailSubmitError(email),
      password: passwordError(password),
    };
    setErrors(found);
    if (found.name) return (firstName.trim() ? lastRef : firstRef).current?.focus();
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    void run(async () => {
      try {
        const { me, encodedToken } = await api.v2.auth.signup({
          username: email.trim(),
          password,
          firstName: firstName.trim(),
          lastName: lastName.trim(),
        });
        setAuth({ token: encodedToken, user: me });
      } catch (error) {
        toast('error', signupFailureMessage(error));
        // The toast goes after 1.5 s: the message also stays under the e-mail until it changes.
        if (isEmailTaken(error)) {
          setErrors((e) => ({ ...e, email: CLIENT_MESSAGES.signupFailed }));
          emailRef.current?.focus();
        }
      }
    });
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join Orbit to share posts and follow people."
      busy={busy}
      footer={
        <>
          Already have an account?{' '}
          <Link to={pathTo('login')} state={location.state}>
            Sign in
          </Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={busy}>
        <div className="auth-form__names">
          <TextField
            id={`${id}-first`}
            label="First name"
            value={firstName}
            onChange={(value) => changeName('first', value)}
            invalid={firstMissing}
            sharedErrorId={nameErrorId}
            autoComplete="given-name"
            maxLength={TEXT_LIMITS.name}
            inputRef={firstRef}
          />
          <TextField
            id={`${id}-last`}
            label="Last name"
            value={lastName}
            onChange={(value) => changeName('last', value)}
            invalid={lastMissing}
            sharedErrorId={nameErrorId}
            autoComplete="family-name"
            maxLength={TEXT_LIMITS.name}
            inputRef={lastRef}
          />
        </div>
        <p id={nameErrorId} className="field-error auth-field__error auth-form__name-error" aria-live="polite">
          {errors.name}
        </p>
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          value={email}
          onChange={changeEmail}
          error={errors.email}
          autoComplete="username"
          maxLength={TEXT_LIMITS.username}
          inputRef={emailRef}
        />
        <PasswordField
          id={`${id}-password`}
          value={password}
          onChange={changePassword}
          error={errors.password}
          autoComplete="new-password"
          maxLength={TEXT_LIMITS.password}
          inputRef={passwordRef}
        />
        <button type="submit" className="btn btn--primary auth-form__submit" disabled={busy || !!errors.password}>
          Sign Up
        </button>
      </form>
    </AuthCard>
  );
}
