/**
 * What this remote exposes (webpack.config.js `exposes`), checked against the federation
 * contract (shell/src/federation/contract.ts) by `npm run typecheck`. Type-only: not bundled.
 */
import type { Implements } from '@social/shell/federation';
import type NotificationsPage from './page/NotificationsPage';

export type NotificationsExposes = Implements<'notifications', { NotificationsPage: typeof NotificationsPage }>;
