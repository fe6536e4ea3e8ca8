/**
 * The federation contract: every module a remote exposes, the props it takes and the route
 * whose parameters it reads, declared once. The shell and the remotes import it type-only;
 * `RemoteComponent` and `loadRemoteModule` are typed by it, and each remote's
 * `src/exposes.ts` checks its exposed components against it (so a remote that changes a
 * component's props without changing this file, or the reverse, fails `npm run typecheck`).
 * shell/test/contract.typecheck.tsx proves the wrong usages fail.
 */
import type { ComponentType } from 'react';
import type { PostDraftV2, PostV2 } from '@social/mock-api/contract-v2';
import type { RouteName, RouteParams } from '@social/shell/routes';

/** A page that takes no props (an object literal with any key is refused). */
export type NoProps = Record<string, never>;

export interface FeedPageProps {
  /** '/' shows the member's circle, '/explore' everyone's posts. */
  mode: 'home' | 'explore';
}

export interface PostCardProps {
  /** The post as a list or page holds it; the card then follows its entry in the query cache by id. */
  post: PostV2;
}

export interface PostComposerProps {
  /** The draft to edit; empty for a new post. */
  initial?: PostDraftV2;
  /** Resolves true when the post was saved (the composer then empties itself); false or a throw keeps the draft. */
  onSubmit: (draft: PostDraftV2) => Promise<boolean>;
  autoFocus?: boolean;
}

/** Module id ('remote/Module') → the props its default export takes. */
export interface RemoteModuleProps {
  'auth/LoginPage': NoProps;
  'auth/SignupPage': NoProps;
  'feed/FeedPage': FeedPageProps;
  'feed/TagPage': NoProps;
  'feed/SearchPage': NoProps;
  'post/PostCard': PostCardProps;
  'post/PostComposer': PostComposerProps;
  'post/PostPage': NoProps;
  'post/ModerationPage': NoProps;
  'profile/ProfilePage': NoProps;
  'profile/SettingsPage': NoProps;
  'mockman/MockmanPage': NoProps;
  'notifications/NotificationsPage': NoProps;
}

/**
 * The same ids at run time, with the route whose parameters each module reads (null: none).
 * `satisfies` keeps both lists naming exactly the same modules. shell/test/contract.test.ts
 * checks them against each remote's webpack `exposes`.
 */
export const REMOTE_MODULES = {
  'auth/LoginPage': { route: null },
  'auth/SignupPage': { route: null },
  'feed/FeedPage': { route: null },
  'feed/TagPage': { route: 'tag' },
  'feed/SearchPage': { route: null },
  'post/PostCard': { route: null },
  'post/PostComposer': { route: null },
  'post/PostPage': { route: 'post' },
  'post/ModerationPage': { route: null },
  'profile/ProfilePage': { route: 'profile' },
  'profile/SettingsPage': { route: null },
  'mockman/MockmanPage': { route: null },
  'notifications/NotificationsPage': { route: null },
} as const satisfies { [Id in keyof RemoteModuleProps]: { route: RouteName | null } };

export type RemoteModuleId = keyof RemoteModuleProps & keyof typeof REMOTE_MODULES;
export const REMOTE_MODULE_IDS = Object.keys(REMOTE_MODULES) as RemoteModuleId[];
export type RemoteProps<Id extends RemoteModuleId> = RemoteModuleProps[Id];
export type RemoteRoute<Id extends RemoteModuleId> = (typeof REMOTE_MODULES)[Id]['route'];
/** The route parameters a module reads, e.g. { postId: string } for 'post/PostPage'. */
export type RemoteRouteParams<Id extends RemoteModuleId> =
  RemoteRoute<Id> extends RouteName ? RouteParams<RemoteRoute<Id>> : Record<string, never>;

/** What loading a module gives: its component as the default export. */
export interface RemoteModuleExports<Id extends RemoteModuleId> {
  default: ComponentType<RemoteProps<Id>>;
}

type RemoteOf<Id> = Id extends `${infer R}/${string}` ? R : never;
type ModuleOf<Id> = Id extends `${string}/${infer M}` ? M : never;

/**
 * What a remote must expose: `Implements<'post', { PostCard: typeof PostCard, … }>` fails when a
 * component's props differ from the contract, or a module is missing.
 */
export type ExposedBy<R extends string> = {
  [Id in RemoteModuleId as RemoteOf<Id> extends R ? ModuleOf<Id> : never]: ComponentType<RemoteProps<Id>>;
};
export type Implements<R extends string, E extends ExposedBy<R>> = E;
