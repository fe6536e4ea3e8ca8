/**
 * What this remote exposes (webpack.config.js `exposes`), checked against the federation
 * contract (shell/src/federation/contract.ts) by `npm run typecheck`. Type-only: not bundled.
 */
import type { Implements } from '@social/shell/federation';
import type FeedPage from './feed/FeedPage';
import type TagPage from './feed/TagPage';
import type SearchPage from './search/SearchPage';

export type FeedExposes = Implements<'feed', { FeedPage: typeof FeedPage; TagPage: typeof TagPage; SearchPage: typeof SearchPage }>;
