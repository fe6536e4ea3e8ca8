/**
 * /settings: the signed-in member's account (docs/account.md). Change the password, the members
 * they blocked or muted (docs/safety.md), download their data as a JSON file, delete the account. Owned by profile-mfe with the member's other
 * own-account screens (their profile and its edit dialog).
 */
import React, { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CLIENT_MESSAGES, isValidPassword, TEXT_LIMITS } from '@social/mock-api/contract';
import { ApiError, api, endSession, errorMessage, setAuth, toast, useAuth } from '@social/shell/bus';
import { Modal } from '@social/shell/ui';
import { BlockedAndMuted } from './BlockedAndMuted';
import { FollowedTags } from './FollowedTags';
import './settings.css';

export const PASSWORD_CHANGED = 'Password changed';
export const DATA_DOWNLOADED = 'Your data was downloaded';
export const ACCOUNT_DELETED = 'Your account was deleted';

/** A password box with its label and, when there is one, its message (read with the box). */
function PasswordBox({
  label,
  value,
  onChange,
  error,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="settings__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="password"
        value={value}
        maxLength={TEXT_LIMITS.password}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A wrong password (403) belongs beside its box; anything else is a toast. */
const isWrongPassword = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 403;

function ChangePassword() {
  const auth = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState({ current: '', next: '' });
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving || !auth) return;
    const found = {
      current: current ? '' : CLIENT_MESSAGES.emptyField('Current password'),
      next: isValidPassword(next) ? '' : CLIENT_MESSAGES.passwordRule,
    };
    setErrors(found);
    if (found.current || found.next) return;
    setSaving(true);
    try {
      const { encodedToken } = await api.v2.me.changePassword({ currentPassword: current, newPassword: next }, auth.user.username);
      // Every earlier session ended on the server; this tab goes on with the new token.
      setAuth({ token: encodedToken, user: auth.user });
      setCurrent('');
      setNext('');
      toast('success', PASSWORD_CHANGED);
    } catch (error) {
      if (isWrongPassword(error)) setErrors({ current: error.message, next: '' });
      else toast('error', errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Section title="Change password">
      <form className="settings__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <PasswordBox
          label="Current password"
          value={current}
          autoComplete="current-password"
          error={errors.current}
          onChange={(value) => {
            setCurrent(value);
            setErrors((e) => ({ ...e, current: '' }));
          }}
        />
        <PasswordBox
          label="New password"
          value={next}
          autoComplete="new-password"
          error={errors.next}
          onChange={(value) => {
            setNext(value);
            // Once shown, the rule's message follows what is typed.
            setErrors((e) => ({ ...e, next: e.next && !isValidPassword(value) ? CLIENT_MESSAGES.passwordRule : '' }));
          }}
        />
        <p className="muted settings__hint">
          8 to 20 characters with at least one digit. You stay signed in here; every other device is signed out.
        </p>
        <div>
          <button type="submit" className="btn btn--primary" disabled={saving}>
            Change password
          </button>
        </div>
      </form>
    </Section>
  );
}

/** The export as a file the browser saves: orbit-data-<handle>-<date>.json. */
function saveJson(data: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function DownloadData() {
  const auth = useAuth();
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy || !auth) return;
    setBusy(true);
    try {
      const data = await api.v2.me.exportData();
      saveJson(data, `orbit-data-${auth.user.userHandler}-${data.exportedAt.slice(0, 10)}.json`);
      toast('success', DATA_DOWNLOADED);
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Your data">
      <p className="muted">
        A JSON file with your profile, posts, comments, replies, likes, bookmarks and follows. It never holds your password.
      </p>
      <div>
        <button type="button" className="btn" onClick={() => void download()} aria-busy={busy || undefined} disabled={busy}>
          Download my data
        </button>
      </div>
    </Section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const auth = useAuth();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (deleting) return;
    if (!password) return setError(CLIENT_MESSAGES.emptyField('Password'));
    setDeleting(true);
    try {
      await api.v2.me.deleteAccount(password, auth?.user.username);
      toast('success', ACCOUNT_DELETED);
      // The server ended every session; this page (and every tab) signs out, and the guard opens /login.
      endSession();
    } catch (failure) {
      if (isWrongPassword(failure)) setError(failure.message);
      else toast('error', errorMessage(failure));
      setDeleting(false);
    }
  }

  return (
    <Modal title="Delete your account?" onClose={onClose} className="settings__dialog">
      <form className="settings__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <p>
          Your profile, posts (with their comments and pictures), comments, replies, likes, bookmarks and follows are deleted for good. This
          cannot be undone.
        </p>
        <PasswordBox
          label="Password"
          value={password}
          autoComplete="current-password"
          error={error}
          onChange={(value) => {
            setPassword(value);
            setError('');
          }}
        />
        <div className="settings__actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--danger" disabled={deleting}>
            Delete account
          </button>
        </div>
      </form>
    </Modal>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <Section title="Delete account">
      <p className="muted">Deletes your account and everything that is yours. You will be asked for your password.</p>
      <div>
        <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
          Delete account
        </button>
      </div>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card settings__section" aria-labelledby={id}>
      <h2 id={id} className="settings__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function SettingsPage() {
  return (
    <div className="settings">
      <h1 className="settings__heading">Settings</h1>
      <ChangePassword />
      <BlockedAndMuted section={(title, children) => <Section title={title}>{children}</Section>} />
      <FollowedTags section={(title, children) => <Section title={title}>{children}</Section>} />
      <DownloadData />
      <DeleteAccount />
    </div>
  );
}
