import React, { useState, type Ref } from 'react';
import { TextField } from './TextField';

export interface PasswordFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The "Password" box with a show/hide button. The button's name says what it will do
 * ("Show password" / "Hide password"); the box keeps its label "Password" either way.
 */
export function PasswordField({ id, value, onChange, error, autoComplete, maxLength, inputRef }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      id={id}
      label="Password"
      type={shown ? 'text' : 'password'}
      value={value}
      onChange={onChange}
      error={error}
      autoComplete={autoComplete}
      maxLength={maxLength}
      inputRef={inputRef}
      addon={
        <button type="button" className="auth-field__toggle" aria-controls={id} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      }
    />
  );
}
