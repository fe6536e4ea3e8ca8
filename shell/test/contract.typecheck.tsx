/**
 * Type-level tests of the federation contract (shell/src/federation/contract.ts) and the routes
 * (shell/src/routes): `npm run typecheck` compiles this file, and each `@ts-expect-error` line
 * fails the typecheck if the wrong usage below it ever compiles again. Never run, only checked.
 */
import React from 'react';
import type { PostDraftV2 as PostDraft, PostV2 as Post } from '@social/mock-api/contract-v2';
import { RemoteComponent, loadRemoteModule, useRemoteRouteParams, type Implements } from '@social/shell/federation';
import { pathTo, type RouteParams } from '@social/shell/routes';

declare const post: Post;
declare const onSubmit: (draft: PostDraft) => Promise<boolean>;

export const rightUsages = [
  <RemoteComponent key="1" id="feed/FeedPage" props={{ mode: 'home' }} />,
  <RemoteComponent key="2" id="post/PostCard" props={{ post }} compact />,
  <RemoteComponent key="3" id="post/PostComposer" props={{ onSubmit }} />,
  <RemoteComponent key="4" id="profile/ProfilePage" />,
];

export const wrongUsages = [
  // @ts-expect-error -- 'homes' is not a FeedPage mode
  <RemoteComponent key="1" id="feed/FeedPage" props={{ mode: 'homes' }} />,
  // @ts-expect-error -- PostCard takes `post`, not `pots`
  <RemoteComponent key="2" id="post/PostCard" props={{ pots: 1 }} />,
  // @ts-expect-error -- no remote exposes feeed/FedPage
  <RemoteComponent key="3" id="feeed/FedPage" props={{}} />,
  // @ts-expect-error -- PostComposer requires onSubmit
  <RemoteComponent key="4" id="post/PostComposer" props={{ autoFocus: true }} />,
  // @ts-expect-error -- FeedPage requires its props
  <RemoteComponent key="5" id="feed/FeedPage" />,
  // @ts-expect-error -- ProfilePage takes no props
  <RemoteComponent key="6" id="profile/ProfilePage" props={{ userHandler: 'ada' }} />,
];

export async function loaders() {
  const card = await loadRemoteModule('post/PostCard');
  const ok = <card.default post={post} />;
  // @ts-expect-error -- the loaded card is typed by the contract too
  const wrong = <card.default pots={1} />;
  // @ts-expect-error -- unknown module id
  await loadRemoteModule('post/PostCards');
  return [ok, wrong];
}

// A remote whose exposed component changed its props (here PostCard renamed `post` to `item`)
// without the contract and its callers changing fails against the contract.
type RenamedPostCard = (props: { item: Post }) => React.JSX.Element;
type PostComposer = (props: { onSubmit: (draft: PostDraft) => Promise<boolean> }) => React.JSX.Element;
type PostPage = () => React.JSX.Element;
type ModerationPage = () => React.JSX.Element;
type CardWithNewRequiredProp = (props: { post: Post; highlight: boolean }) => React.JSX.Element;
type PostCard = (props: { post: Post }) => React.JSX.Element;
type PostPages = { PostComposer: PostComposer; PostPage: PostPage; ModerationPage: ModerationPage };
export type PostRemoteOk = Implements<'post', { PostCard: PostCard } & PostPages>;
// @ts-expect-error -- PostCard's props no longer match the contract
export type PostRemoteRenamed = Implements<'post', { PostCard: RenamedPostCard } & PostPages>;
// @ts-expect-error -- a new required prop no caller passes
export type PostRemoteNewProp = Implements<'post', { PostCard: CardWithNewRequiredProp } & PostPages>;
// @ts-expect-error -- PostComposer is missing from what the remote exposes
export type PostRemoteMissing = Implements<'post', { PostCard: PostCard; PostPage: PostPage; ModerationPage: ModerationPage }>;

// Routes: parameters are named and required; a page reads what the contract says it reads.
export function routeUsages() {
  const profile: string = pathTo('profile', { userHandler: 'ada' });
  // @ts-expect-error -- the profile route's parameter is userHandler
  pathTo('profile', { handle: 'ada' });
  // @ts-expect-error -- the post route needs its postId
  pathTo('post');
  // @ts-expect-error -- no such route
  pathTo('profiles', { userHandler: 'ada' });
  const params: RouteParams<'post'> = { postId: 'p1' };
  return [profile, params];
}

export function PageReadingParams() {
  const { postId } = useRemoteRouteParams('post/PostPage');
  // @ts-expect-error -- the post page reads postId, not userHandler
  const { userHandler } = useRemoteRouteParams('post/PostPage');
  return <p>{postId + userHandler}</p>;
}
