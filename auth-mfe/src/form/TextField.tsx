import React, { type ReactNode, type Ref } from 'react';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message under the field; also makes the field aria-invalid. */
  error?: string;
  /** Marks the field invalid without a message of its own (a message shared with another field). */
  invalid?: boolean;
  /** Id of a message shared with another field: this field then renders no message of its own and points at that one while invalid. */
  sharedErrorId?: string;
  /** Id of another field's message that is also about this field (a refused login names both boxes); marks it invalid too. */
  alsoDescribedBy?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
  /** Something placed inside the input's box, after it (the show/hide button). */
  addon?: ReactNode;
}

/**
 * A labelled text box with its error message. The message element is always there and
 * polite-live, so a message appearing while typing is announced; the field points at it with
 * aria-describedby so it is read again when the field gets focus.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  invalid,
  sharedErrorId,
  alsoDescribedBy,
  type = 'text',
  autoComplete,
  maxLength,
  inputRef,
  addon,
}: TextFieldProps) {
  const errorId = sharedErrorId ?? `${id}-error`;
  const isInvalid = !!error || !!invalid || !!alsoDescribedBy;
  const describedBy = [error || invalid ? errorId : null, alsoDescribedBy ?? null].filter(Boolean).join(' ');
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <div className={addon ? 'auth-field__control auth-field__control--addon' : 'auth-field__control'}>
        <input
          ref={inputRef}
          id={id}
          className="input auth-field__input"
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          maxLength={maxLength}
          spellCheck={false}
          autoCapitalize={type === 'text' ? undefined : 'none'}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy || undefined}
        />
        {addon}
      </div>
      {sharedErrorId === undefined && (
        <p id={errorId} className="field-error auth-field__error" aria-live="polite">
          {error}
        </p>
      )}
    </div>
  );
}
