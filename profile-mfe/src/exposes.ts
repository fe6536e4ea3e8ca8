/**
 * What this remote exposes (webpack.config.js `exposes`), checked against the federation
 * contract (shell/src/federation/contract.ts) by `npm run typecheck`. Type-only: not bundled.
 */
import type { Implements } from '@social/shell/federation';
import type ProfilePage from './page/ProfilePage';
import type SettingsPage from './settings/SettingsPage';

export type ProfileExposes = Implements<'profile', { ProfilePage: typeof ProfilePage; SettingsPage: typeof SettingsPage }>;
