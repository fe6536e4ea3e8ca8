/**
 * What this remote exposes (webpack.config.js `exposes`), checked against the federation
 * contract (shell/src/federation/contract.ts) by `npm run typecheck`. Type-only: not bundled.
 */
import type { Implements } from '@social/shell/federation';
import type LoginPage from './login/LoginPage';
import type SignupPage from './signup/SignupPage';

export type AuthExposes = Implements<'auth', { LoginPage: typeof LoginPage; SignupPage: typeof SignupPage }>;
