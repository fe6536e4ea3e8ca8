/**
 * Two api-server instances on one database, as behind a load balancer: whatever one writes,
 * the other reads at once, and a token issued by one works (and is revoked) on the other.
 * On PGlite they share one embedded database; with DATABASE_URL each has its own pool.
 */
import { SERVER_ERRORS } from '@social/mock-api/contract';
import { clientFor, failure, login, startTwoInstances } from './kit';

const servers = startTwoInstances();

it('a post, a like, a comment and a follow made through one instance are read through the other', async () => {
  const kabir = await login(servers.a, 3);
  await kabir.api.posts.create({ content: 'Written on instance A 🅰️', pic: '', userId: kabir.foundUser._id });
  const onB = (await clientFor(servers.b).posts.all()).posts.find((p) => p.content === 'Written on instance A 🅰️');
  expect(onB).toMatchObject({ userId: kabir.foundUser._id, username: kabir.foundUser.username });

  // Meera's token from instance B works on A too: the session is in the database.
  const meera = await login(servers.b, 2);
  await clientFor(servers.a, meera.encodedToken).posts.like(onB!._id);
  await clientFor(servers.b, meera.encodedToken).comments.add(onB!._id, { content: 'Seen from B 👀' });
  const { post } = await clientFor(servers.a).posts.byId(onB!._id);
  expect(post.likes.likedBy.map((u) => u._id)).toEqual([meera.foundUser._id]);
  expect(post.comments.map((c) => c.content)).toEqual(['Seen from B 👀']);

  const stranger = (await clientFor(servers.b).users.all()).users.find(
    (u) => u._id !== kabir.foundUser._id && !kabir.foundUser.following.some((f) => f._id === u._id),
  )!;
  await kabir.api.users.follow(stranger._id);
  const followed = (await clientFor(servers.b).users.byId(stranger._id)).user;
  expect(followed.followers.map((f) => f._id)).toContain(kabir.foundUser._id);
});

it('a logout through one instance revokes the token on the other', async () => {
  const sara = await login(servers.a, 4);
  await clientFor(servers.b, sara.encodedToken).users.bookmarks();
  await sara.api.auth.logout();
  expect(await failure(clientFor(servers.b, sara.encodedToken).users.bookmarks())).toEqual({
    status: 401,
    errors: [SERVER_ERRORS.badToken],
  });
});
