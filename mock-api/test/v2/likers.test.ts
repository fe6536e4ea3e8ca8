/**
 * GET /v2/posts/:postId/likers on both backends: the members who like a post, newest like first,
 * paged like every list, less the members the caller's lists hide (docs/safety.md).
 */
import { SERVER_ERRORS } from '../../src/contract';
import { V2_ERRORS } from '../../src/contract-v2';
import { anonymous, expectError, signIn, withTestServer } from '../helpers';
import { allPages } from './support';

withTestServer();
jest.setTimeout(30_000);

it('answers the likers newest first, page by page, and follows a change of mind', async () => {
  const [adarsh, meera, kabir, sara] = await Promise.all([signIn(1), signIn(2), signIn(3), signIn(4)]);
  const { post } = await kabir.api.v2.posts.create({ content: 'Who likes this?', pic: '' });
  expect(await anonymous().v2.posts.likers(post._id)).toEqual({ members: [], nextCursor: null });

  for (const session of [adarsh, meera, sara]) await session.api.v2.posts.like(post._id);
  const { items, pages } = await allPages(
    (cursor) => anonymous().v2.posts.likers(post._id, { limit: 2, cursor }),
    (p) => p.members,
    2,
  );
  expect(items.map((m) => m._id)).toEqual([sara.user._id, meera.user._id, adarsh.user._id]);
  expect(pages).toBe(2);
  // Members as anyone sees them: no e-mail.
  expect(items[0]).not.toHaveProperty('username');

  // With a token, each carries the caller's follow flags.
  const seen = await kabir.api.v2.posts.likers(post._id);
  expect(seen.members.every((m) => typeof m.viewerFollows === 'boolean')).toBe(true);

  // A dislike takes the like back: Meera leaves the list.
  await meera.api.v2.posts.dislike(post._id);
  expect((await anonymous().v2.posts.likers(post._id)).members.map((m) => m._id)).toEqual([sara.user._id, adarsh.user._id]);
});

it('leaves out the members the caller blocked or muted', async () => {
  const [adarsh, meera, kabir] = await Promise.all([signIn(1), signIn(2), signIn(3)]);
  const { post } = await kabir.api.v2.posts.create({ content: 'Likes, filtered', pic: '' });
  await adarsh.api.v2.posts.like(post._id);
  await meera.api.v2.posts.like(post._id);
  await kabir.api.v2.members.mute(meera.user._id, 0);
  expect((await kabir.api.v2.posts.likers(post._id)).members.map((m) => m._id)).toEqual([adarsh.user._id]);
  await kabir.api.v2.members.block(adarsh.user._id);
  expect((await kabir.api.v2.posts.likers(post._id)).members).toEqual([]);
  // Others still see both.
  expect((await anonymous().v2.posts.likers(post._id)).members).toHaveLength(2);
});

it('refuses an unknown post, a bad limit and a cursor of another list', async () => {
  await expectError(anonymous().v2.posts.likers('no-such-post'), 404, SERVER_ERRORS.postNotFound);
  const { api } = await signIn(1);
  const { post } = await api.v2.posts.create({ content: 'Refusals', pic: '' });
  await expectError(anonymous().v2.posts.likers(post._id, { limit: 0 }), 400, V2_ERRORS.badLimit);
  const followers = await anonymous().v2.members.followers('u1-adarsh', { limit: 1 });
  expect(followers.nextCursor).not.toBeNull();
  await expectError(anonymous().v2.posts.likers(post._id, { cursor: followers.nextCursor }), 400, V2_ERRORS.badCursor);
});
