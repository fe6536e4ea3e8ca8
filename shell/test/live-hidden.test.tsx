/**
 * The in-browser backend's live channel carries every event of the browser; the member's page
 * keeps none of the posts, comments or replies of the members their lists hide (docs/live.md,
 * docs/safety.md): blocked by them, who blocked them, or muted.
 */
import { BroadcastChannel as NodeBroadcastChannel } from 'worker_threads';
import { waitFor } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import { createApiClient } from '@social/mock-api/client';
import type { CommentsPageV2, PostsPageV2 } from '@social/mock-api/contract-v2';
import { setUpTestBackend, signInAs } from '../../tools/jest/backend-kit';
import { api, auth$ } from '../src/bus';
import { connectLive, newPostsOf, openDefaultSource, queryClient, queryKeys } from '../src/data';

// jsdom has no BroadcastChannel; Node's delivers between the channels of one process, as a browser
// does between the service worker and its pages. Set before the test's backend publishes.
const globals = globalThis as { BroadcastChannel?: unknown };
globals.BroadcastChannel ??= NodeBroadcastChannel;

setUpTestBackend({ signIn: true });

/** A new member (test users 1 to 4 all have a part here). */
async function newMember(name: string) {
  const { me, encodedToken } = await createApiClient({ getToken: () => null }).v2.auth.signup({
    username: `${name}@live-hidden.test`,
    password: 'Passw0rd!',
    firstName: name,
    lastName: 'Test',
  });
  return { api: createApiClient({ getToken: () => encodedToken }), user: me };
}

test("the channel's posts, comments and replies by members the member's lists hide never reach the page", async () => {
  const me = auth$.value!.user._id;
  const blocked = await signInAs(2);
  const blocker = await signInAs(3);
  const muted = await signInAs(4);
  const other = await newMember('Other');
  await api.v2.members.block(blocked.user._id);
  await blocker.api.v2.members.block(me);
  await api.v2.members.mute(muted.user._id, 0);

  // Explore Latest is loaded, so new posts wait behind "Show N new posts".
  queryClient.setQueryData<InfiniteData<PostsPageV2, string | null>>(queryKeys.feed('explore', 'latest'), {
    pages: [{ posts: [], nextCursor: null }],
    pageParams: [null],
  });
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const connection = connectLive(queryClient, (...args) => {
    const source = openDefaultSource(...args);
    opened();
    return source;
  });
  try {
    await open;
    const hiddenAuthors = [blocked, blocker, muted];
    for (const author of hiddenAuthors) await author.api.v2.posts.create({ content: 'Hidden?', pic: '' });
    const { post } = await other.api.v2.posts.create({ content: 'Shown', pic: '' });

    // The post page is open: its comments are loaded.
    queryClient.setQueryData<InfiniteData<CommentsPageV2, string | null>>(queryKeys.comments(post._id), {
      pages: [{ comments: [], nextCursor: null }],
      pageParams: [null],
    });
    const { comment } = await other.api.v2.comments.add(post._id, 'A visible comment');
    for (const author of hiddenAuthors) {
      await author.api.v2.comments.add(post._id, 'A hidden comment');
      await author.api.v2.comments.reply(comment._id, 'A hidden reply');
    }
    await other.api.v2.comments.reply(comment._id, 'A visible reply');

    // Events come in order: once the last write's is applied, every earlier one was.
    const comments = () =>
      queryClient.getQueryData<InfiniteData<CommentsPageV2, string | null>>(queryKeys.comments(post._id))?.pages.flatMap((p) => p.comments);
    await waitFor(() => expect(comments()?.[0]?.replies.map((r) => r.content)).toContain('A visible reply'));
    expect({
      newPosts: newPostsOf('explore').map((p) => p._id),
      comments: comments()?.map((c) => c.content),
      replies: comments()?.[0]?.replies.map((r) => r.content),
    }).toEqual({ newPosts: [post._id], comments: ['A visible comment'], replies: ['A visible reply'] });
  } finally {
    connection.stop();
  }
});
