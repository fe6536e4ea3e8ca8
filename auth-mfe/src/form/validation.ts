/** The form rules for login and signup (checked again by mock-api/src/server/routes/auth.ts). Messages come from the contract. */
import { CLIENT_MESSAGES } from '@social/mock-api/contract';

/** A standard e-mail shape: something@domain.tld with no spaces and one @. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The password rule is the contract's: both backends check a new password with it too. */
export { isValidPassword } from '@social/mock-api/contract';

function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Checked on each change: an empty box says nothing until submit. */
export function emailChangeError(value: string): string | undefined {
  if (!value.trim()) return undefined;
  return isEmail(value) ? undefined : CLIENT_MESSAGES.emailFormat;
}

/** Checked on submit: empty first, then the format. */
export function emailSubmitError(value: string): string | undefined {
  if (!value.trim()) return CLIENT_MESSAGES.emptyField('Email');
  return emailChangeError(value);
}
