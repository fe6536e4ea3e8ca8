import { LIMITS, SERVER_ERRORS, type Comment, type Post } from '../src/contract';
import { INPUT_MESSAGES } from '../src/server';
import { anonymous, expectError, raw, signIn, withTestServer } from './helpers';

withTestServer();

const commentOf = (posts: Post[], postId: string, commentId: string): Comment =>
  posts.find((p) => p._id === postId)!.comments.find((c) => c._id === commentId)!;
const fetchComment = async (postId: string, commentId: string) =>
  (await anonymous().comments.ofPost(postId)).comments.find((c) => c._id === commentId)!;

describe('GET /comments/{postId}', () => {
  it("answers the post's comments with summaries of their users", async () => {
    const { comments } = await anonymous().comments.ofPost('p01-sunrise');
    expect(comments.map((c) => c._id)).toEqual(['c01-1', 'c01-2']);
    expect(Object.keys(comments[0]!.user).sort()).toEqual(['_id', 'firstName', 'lastName', 'pic', 'userHandler']);
    expect(comments[0]!.replies[0]).toMatchObject({ _id: 'r01-1', user: { _id: 'u4-sara' } });
  });

  it('answers 404 postNotFound for unknown posts', async () => {
    await expectError(anonymous().comments.ofPost('nope'), 404, SERVER_ERRORS.postNotFound);
  });
});

describe('POST /comments/add/{postId}', () => {
  it('adds a comment by the caller (201) and answers posts', async () => {
    const { token, user } = await signIn(2);
    const res = await raw('POST', '/comments/add/p11-chess', {
      headers: { authorization: token },
      body: JSON.stringify({ commentData: { content: 'Try the Italian 🇮🇹' } }),
    });
    expect(res.status).toBe(201);
    const post = (res.json as { posts: Post[] }).posts.find((p) => p._id === 'p11-chess')!;
    expect(post.comments).toHaveLength(1);
    expect(post.comments[0]).toMatchObject({
      content: 'Try the Italian 🇮🇹',
      postId: 'p11-chess',
      user: { _id: user._id },
      votes: { upvotedBy: [] },
      replies: [],
    });
  });

  it('refuses bad input (400), unknown posts (404) and missing tokens (404)', async () => {
    const { api, token } = await signIn(2);
    for (const body of [{}, { commentData: { content: 1 } }, { commentData: { content: '' } }]) {
      expect((await raw('POST', '/comments/add/p11-chess', { headers: { authorization: token }, body: JSON.stringify(body) })).status).toBe(
        400,
      );
    }
    expect((await anonymous().comments.ofPost('p11-chess')).comments).toEqual([]);
    await expectError(api.comments.add('nope', { content: 'x' }), 404, SERVER_ERRORS.postNotFound);
    await expectError(anonymous().comments.add('p11-chess', { content: 'x' }), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('POST /comments/edit/{postId}/{commentId}', () => {
  it("lets the comment's author edit the content (201)", async () => {
    const { token } = await signIn(1); // c01-1 is Adarsh's
    const res = await raw('POST', '/comments/edit/p01-sunrise/c01-1', {
      headers: { authorization: token },
      body: JSON.stringify({ commentData: { content: 'Edited 👀' } }),
    });
    expect(res.status).toBe(201);
    const comment = commentOf((res.json as { posts: Post[] }).posts, 'p01-sunrise', 'c01-1');
    expect(comment.content).toBe('Edited 👀');
    expect(comment.replies.map((r) => r._id)).toEqual(['r01-1', 'r01-2']);
  });

  it("refuses to change another member's comment content with 403", async () => {
    const { api } = await signIn(2);
    await expectError(api.comments.edit('p01-sunrise', 'c01-1', { content: 'Hijacked' }), 403, SERVER_ERRORS.commentEditNotOwner);
    expect((await fetchComment('p01-sunrise', 'c01-1')).content).not.toBe('Hijacked');
  });

  it('lets any signed-in member add a reply; the reply user comes from the token, not the body', async () => {
    const { api, user } = await signIn(2); // not the author of c01-1
    const before = await fetchComment('p01-sunrise', 'c01-1');
    const forgedUser = { _id: 'u1-adarsh', firstName: 'Adarsh', lastName: 'Balika', userHandler: 'adarshbalika', pic: '' };
    const { posts } = await api.comments.edit('p01-sunrise', 'c01-1', {
      content: before.content,
      replies: [...before.replies, { _id: 'reply-by-meera', user: forgedUser, content: 'Me too 🙋‍♀️' }],
    });
    const after = commentOf(posts, 'p01-sunrise', 'c01-1');
    expect(after.replies).toHaveLength(before.replies.length + 1);
    expect(after.replies.at(-1)).toMatchObject({
      _id: 'reply-by-meera',
      content: 'Me too 🙋‍♀️',
      user: { _id: user._id, firstName: user.firstName },
    });
    // Earlier replies keep their authors even if the client sent other user objects.
    expect(after.replies.slice(0, -1).map((r) => r.user._id)).toEqual(before.replies.map((r) => r.user._id));
  });

  it('a reply does not mark its comment edited; a change of its own text does', async () => {
    const { token } = await signIn(1); // c01-1 is Adarsh's
    const before = await fetchComment('p01-sunrise', 'c01-1');
    const { api } = await signIn(2);
    const replied = commentOf(
      (
        await api.comments.edit('p01-sunrise', 'c01-1', {
          content: before.content,
          replies: [...before.replies, { _id: 'reply-x', user: before.user, content: 'Nice' }],
        })
      ).posts,
      'p01-sunrise',
      'c01-1',
    );
    expect(replied.replies).toHaveLength(before.replies.length + 1);
    expect(replied.updatedAt).toBe(before.updatedAt);

    const sameText = await raw('POST', '/comments/edit/p01-sunrise/c01-1', {
      headers: { authorization: token },
      body: JSON.stringify({ commentData: { content: before.content } }),
    });
    expect(commentOf((sameText.json as { posts: Post[] }).posts, 'p01-sunrise', 'c01-1').updatedAt).toBe(before.updatedAt);

    const edited = await raw('POST', '/comments/edit/p01-sunrise/c01-1', {
      headers: { authorization: token },
      body: JSON.stringify({ commentData: { content: 'New words' } }),
    });
    const after = commentOf((edited.json as { posts: Post[] }).posts, 'p01-sunrise', 'c01-1');
    expect(after.updatedAt).not.toBe(before.updatedAt);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(after.createdAt));
  });

  it('refuses a non-author who drops or rewrites existing replies', async () => {
    const { api } = await signIn(2);
    const before = await fetchComment('p01-sunrise', 'c01-1');
    await expectError(
      api.comments.edit('p01-sunrise', 'c01-1', { content: before.content, replies: before.replies.slice(1) }),
      403,
      SERVER_ERRORS.commentEditNotOwner,
    );
    await expectError(
      api.comments.edit('p01-sunrise', 'c01-1', {
        content: before.content,
        replies: before.replies.map((r, i) => (i === 0 ? { ...r, content: 'rewritten' } : r)),
      }),
      403,
      INPUT_MESSAGES.replyEditNotOwner,
    );
    expect(await fetchComment('p01-sunrise', 'c01-1')).toEqual(before);
  });

  it("refuses the comment's author who drops or rewrites another member's reply; their own may go", async () => {
    const { api } = await signIn(1); // c01-1 is Adarsh's; r01-1 is Sara's, r01-2 Kabir's
    const before = await fetchComment('p01-sunrise', 'c01-1');
    await expectError(
      api.comments.edit('p01-sunrise', 'c01-1', { content: before.content, replies: before.replies.slice(0, 1) }),
      403,
      INPUT_MESSAGES.replyRemoveNotOwner,
    );
    await expectError(
      api.comments.edit('p01-sunrise', 'c01-1', { content: before.content, replies: [...before.replies].reverse() }),
      403,
      INPUT_MESSAGES.replyRemoveNotOwner,
    );
    expect(await fetchComment('p01-sunrise', 'c01-1')).toEqual(before);
    const own = { _id: 'reply-by-adarsh', user: before.user, content: 'Thanks all' };
    const added = commentOf(
      (await api.comments.edit('p01-sunrise', 'c01-1', { content: before.content, replies: [...before.replies, own] })).posts,
      'p01-sunrise',
      'c01-1',
    );
    expect(added.replies.map((r) => r._id)).toEqual(['r01-1', 'r01-2', 'reply-by-adarsh']);
    const removed = commentOf(
      (await api.comments.edit('p01-sunrise', 'c01-1', { content: 'Edited too', replies: before.replies })).posts,
      'p01-sunrise',
      'c01-1',
    );
    expect(removed.replies.map((r) => r._id)).toEqual(['r01-1', 'r01-2']);
  });

  it(`adds one reply per edit, and at most ${LIMITS.maxRepliesPerComment} per comment`, async () => {
    const members = [await signIn(2), await signIn(3), await signIn(4)];
    const before = await fetchComment('p01-sunrise', 'c01-1');
    const extra = (n: number) => ({ _id: `flood-${n}`, user: before.user, content: `Reply ${n}` });
    await expectError(
      members[0]!.api.comments.edit('p01-sunrise', 'c01-1', { content: before.content, replies: [...before.replies, extra(0), extra(1)] }),
      400,
      INPUT_MESSAGES.tooManyNewReplies,
    );
    let replies = before.replies;
    for (let n = replies.length; n < LIMITS.maxRepliesPerComment; n += 1) {
      const { posts } = await members[n % 3]!.api.comments.edit('p01-sunrise', 'c01-1', {
        content: before.content,
        replies: [...replies, extra(n)],
      });
      replies = commentOf(posts, 'p01-sunrise', 'c01-1').replies;
    }
    expect(replies).toHaveLength(LIMITS.maxRepliesPerComment);
    await expectError(
      members[0]!.api.comments.edit('p01-sunrise', 'c01-1', { content: before.content, replies: [...replies, extra(999)] }),
      409,
      INPUT_MESSAGES.tooManyReplies,
    );
    expect((await fetchComment('p01-sunrise', 'c01-1')).replies).toHaveLength(LIMITS.maxRepliesPerComment);
    // 50 edits, each answering every post (v1): longer than one call on a loaded machine.
  }, 60_000);

  it('refuses ill-formed replies with 400', async () => {
    const { token } = await signIn(1);
    for (const replies of [
      'x',
      [{ content: 'no id' }],
      [{ _id: 'a', content: 5 }],
      [
        { _id: 'a', content: 'x' },
        { _id: 'a', content: 'y' },
      ],
      [null],
    ]) {
      const res = await raw('POST', '/comments/edit/p01-sunrise/c01-1', {
        headers: { authorization: token },
        body: JSON.stringify({ commentData: { content: 'x', replies } }),
      });
      expect(res.status).toBe(400);
    }
    const missing = await raw('POST', '/comments/edit/p01-sunrise/c01-1', {
      headers: { authorization: token },
      body: JSON.stringify({ commentData: {} }),
    });
    expect(missing).toMatchObject({ status: 400, json: { errors: [INPUT_MESSAGES.notString('content')] } });
  });

  it('answers 404 for unknown posts, comments and missing tokens', async () => {
    const { api } = await signIn(1);
    await expectError(api.comments.edit('nope', 'c01-1', { content: 'x' }), 404, SERVER_ERRORS.postNotFound);
    await expectError(api.comments.edit('p01-sunrise', 'nope', { content: 'x' }), 404, SERVER_ERRORS.commentNotFound);
    await expectError(anonymous().comments.edit('p01-sunrise', 'c01-1', { content: 'x' }), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('POST /comments/delete/{postId}/{commentId}', () => {
  it("lets the comment's author delete it (201)", async () => {
    const { api } = await signIn(1);
    const { posts } = await api.comments.remove('p01-sunrise', 'c01-1');
    expect(posts.find((p) => p._id === 'p01-sunrise')!.comments.map((c) => c._id)).toEqual(['c01-2']);
  });

  it("lets the post's author delete someone else's comment", async () => {
    const { api } = await signIn(4); // Sara wrote p01; c01-2 is Aiko's
    const { posts } = await api.comments.remove('p01-sunrise', 'c01-2');
    expect(posts.find((p) => p._id === 'p01-sunrise')!.comments.map((c) => c._id)).toEqual(['c01-1']);
  });

  it('refuses anyone else with 403', async () => {
    const { api } = await signIn(3);
    await expectError(api.comments.remove('p01-sunrise', 'c01-1'), 403, SERVER_ERRORS.commentDeleteNotAllowed);
    expect((await anonymous().comments.ofPost('p01-sunrise')).comments).toHaveLength(2);
  });

  it('answers 404 for unknown posts, comments and missing tokens', async () => {
    const { api } = await signIn(1);
    await expectError(api.comments.remove('nope', 'c01-1'), 404, SERVER_ERRORS.postNotFound);
    await expectError(api.comments.remove('p01-sunrise', 'nope'), 404, SERVER_ERRORS.commentNotFound);
    await expectError(anonymous().comments.remove('p01-sunrise', 'c01-1'), 404, SERVER_ERRORS.userNotFound);
  });
});

describe('POST /comments/upvote/{postId}/{commentId}', () => {
  it('toggles the caller vote (201)', async () => {
    const { api, user, token } = await signIn(3);
    const before = (await fetchComment('p01-sunrise', 'c01-2')).votes.upvotedBy.map((u) => u._id);
    expect(before).not.toContain(user._id);
    const res = await raw('POST', '/comments/upvote/p01-sunrise/c01-2', { headers: { authorization: token } });
    expect(res.status).toBe(201);
    expect(commentOf((res.json as { posts: Post[] }).posts, 'p01-sunrise', 'c01-2').votes.upvotedBy.map((u) => u._id)).toEqual([
      ...before,
      user._id,
    ]);
    const { posts } = await api.comments.upvote('p01-sunrise', 'c01-2');
    expect(commentOf(posts, 'p01-sunrise', 'c01-2').votes.upvotedBy.map((u) => u._id)).toEqual(before);
  });

  it('answers 404 for unknown posts, comments and missing tokens', async () => {
    const { api } = await signIn(1);
    await expectError(api.comments.upvote('nope', 'c01-1'), 404, SERVER_ERRORS.postNotFound);
    await expectError(api.comments.upvote('p01-sunrise', 'nope'), 404, SERVER_ERRORS.commentNotFound);
    await expectError(anonymous().comments.upvote('p01-sunrise', 'c01-1'), 404, SERVER_ERRORS.userNotFound);
  });
});
