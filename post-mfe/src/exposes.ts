/**
 * What this remote exposes (webpack.config.js `exposes`), checked against the federation
 * contract (shell/src/federation/contract.ts) by `npm run typecheck`. Type-only: not bundled.
 */
import type { Implements } from '@social/shell/federation';
import type PostCard from './card/PostCard';
import type PostComposer from './composer/PostComposer';
import type PostPage from './page/PostPage';
import type ModerationPage from './moderation/ModerationPage';

export type PostExposes = Implements<
  'post',
  { PostCard: typeof PostCard; PostComposer: typeof PostComposer; PostPage: typeof PostPage; ModerationPage: typeof ModerationPage }
>;
