import React, { useId, useRef, useState, type FormEvent } from 'react';
import { CLIENT_MESSAGES, TEXT_LIMITS } from '@social/mock-api/contract';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { ApiError, api, errorMessage, toast } from '@social/shell/bus';
import { putMe } from '@social/shell/data';
import { Avatar, IMAGE_ACCEPT, Modal, fullName, readImageFile, safeHttpUrl } from '@social/shell/ui';

const PROFILE_UPDATED = 'Profile updated';
export const LINK_MESSAGE = 'Enter a web address that starts with http:// or https:// (for example https://example.com).';

/**
 * The link to save, or null when it is not a web address. A bare domain ("me.example.com")
 * gets https:// in front; any other scheme (javascript:, ftp:, data:) is refused.
 */
export function normaliseLink(raw: string): string | null {
  const text = raw.trim();
  if (!text) return '';
  if (/\s/.test(text)) return null;
  if (!safeHttpUrl(text)) return null;
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

interface Props {
  user: MemberV2;
  onClose: () => void;
}

export function EditProfileModal({ user, onClose }: Props) {
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [nameError, setNameError] = useState('');
  const nameErrorId = useId();
  const firstNameRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);
  const [pic, setPic] = useState(user.pic);
  const [bio, setBio] = useState(user.bio);
  const [link, setLink] = useState(user.link);
  const [imageError, setImageError] = useState('');
  const [linkError, setLinkError] = useState('');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState('');
  const linkErrorId = useId();
  const imageErrorId = useId();

  async function onPickImage(file: File | undefined) {
    if (!file) return;
    const result = await readImageFile(file);
    if (result.ok) {
      setPic(result.dataUrl);
      setImageError('');
    } else {
      // The previous picture (or preview) stays; only the message changes.
      setImageError(result.message);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    // Both names are needed, as at signup (the server refuses an empty one too).
    const first = firstName.trim();
    const last = lastName.trim();
    if (!first || !last) {
      setNameError(CLIENT_MESSAGES.emptyName);
      (first ? lastNameRef : firstNameRef).current?.focus();
      return;
    }
    const cleanLink = normaliseLink(link);
    if (cleanLink === null) {
      setLinkError(LINK_MESSAGE);
      return;
    }
    setSaving(true);
    setSaveError('');
    try {
      const { me } = await api.v2.me.edit({ firstName: first, lastName: last, pic, bio, link: cleanLink });
      // The session's user, 'me' and the member's entry: the page, the nav bar and every list show it.
      putMe(me);
      toast('success', PROFILE_UPDATED);
      onClose();
    } catch (error) {
      // A refusal (4xx) says what to change in the server's words (a 413 names the limit); a failure to reach it, the product's message.
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      toast('error', refused ? errorMessage(error) : CLIENT_MESSAGES.userUpdateFailed);
      // The toast is the product's message; the reason stays beside the kept input.
      setSaveError(`Not saved: ${errorMessage(error)}`);
      setSaving(false);
    }
  }

  return (
    <Modal title="Edit profile" onClose={onClose} className="profile-edit">
      <form className="profile-edit__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="profile-edit__avatar">
          <Avatar src={pic} name={fullName(user)} size={80} />
          <label className="btn profile-edit__file">
            Change avatar
            <input
              className="visually-hidden"
              type="file"
              accept={IMAGE_ACCEPT}
              aria-describedby={imageError ? imageErrorId : undefined}
              onChange={(e) => {
                void onPickImage(e.target.files?.[0]);
                e.target.value = ''; // Choosing the same file again still fires a change.
              }}
            />
          </label>
        </div>
        {imageError && (
          <p id={imageErrorId} className="field-error" role="alert">
            {imageError}
          </p>
        )}
        <div className="profile-edit__names">
          {(
            [
              ['First name', firstName, setFirstName, firstNameRef, 'given-name'],
              ['Last name', lastName, setLastName, lastNameRef, 'family-name'],
            ] as const
          ).map(([label, value, setValue, ref, autoComplete]) => {
            const missing = !!nameError && !value.trim();
            return (
              <label key={label} className="profile-edit__field">
                <span>{label}</span>
                <input
                  ref={ref}
                  className="input"
                  type="text"
                  autoComplete={autoComplete}
                  value={value}
                  maxLength={TEXT_LIMITS.name}
                  aria-invalid={missing || undefined}
                  aria-describedby={missing ? nameErrorId : undefined}
                  onChange={(e) => {
                    setValue(e.target.value);
                    if (nameError) setNameError('');
                  }}
                />
              </label>
            );
          })}
        </div>
        {nameError && (
          <p id={nameErrorId} className="field-error" role="alert">
            {nameError}
          </p>
        )}
        <label className="profile-edit__field">
          <span>Bio</span>
          <textarea className="textarea" value={bio} maxLength={TEXT_LIMITS.bio} onChange={(e) => setBio(e.target.value)} />
        </label>
        <label className="profile-edit__field">
          <span>Link</span>
          <input
            className="input"
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com"
            value={link}
            maxLength={TEXT_LIMITS.link}
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? linkErrorId : undefined}
            onChange={(e) => {
              setLink(e.target.value);
              if (linkError) setLinkError('');
            }}
          />
        </label>
        {linkError && (
          <p id={linkErrorId} className="field-error" role="alert">
            {linkError}
          </p>
        )}
        {saveError && (
          <p className="field-error" role="alert">
            {saveError}
          </p>
        )}
        <div className="profile-edit__actions">
          <button type="submit" className="btn btn--primary" disabled={saving}>
            Update
          </button>
        </div>
      </form>
    </Modal>
  );
}
