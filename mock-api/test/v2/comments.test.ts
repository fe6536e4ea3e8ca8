/** v2 comments and replies: pages, add/edit/delete/upvote, replies and who may change them. */
import { LIMITS, SERVER_ERRORS, TEXT_LIMITS } from '../../src/contract';
import { V2_ERRORS, type CommentV2 } from '../../src/contract-v2';
import { INPUT_MESSAGES } from '../../src/server';
import { anonymous, expectError, raw, signIn, withTestServer } from '../helpers';
import { allPages, AUTHOR_KEYS, ids } from './support';

withTestServer();

/** A fresh post by member 2 with one comment by member 3: author, commenter and a stranger (member 4). */
async function scene() {
  const author = await signIn(2);
  const commenter = await signIn(3);
  const stranger = await signIn(4);
  const { post } = await author.api.v2.posts.create({ content: 'Talk to me', pic: '' });
  const { comment } = await commenter.api.v2.comments.add(post._id, 'First!');
  return { author, commenter, stranger, post, comment };
}

describe('GET /v2/posts/{postId}/comments', () => {
  it("a post's comments, oldest first, in pages, as the spec's API has them", async () => {
    const old = (await anonymous().comments.ofPost('p01-sunrise')).comments;
    const { items } = await allPages(
      (cursor) => anonymous().v2.comments.ofPost('p01-sunrise', { limit: 1, cursor }),
      (p) => p.comments,
      1,
    );
    expect(ids(items)).toEqual(ids(old));
    for (const [i, comment] of items.entries()) {
      expect(comment).toMatchObject({
        postId: 'p01-sunrise',
        content: old[i]!.content,
        upvoteCount: old[i]!.votes.upvotedBy.length,
        createdAt: old[i]!.createdAt,
      });
      expect(comment).not.toHaveProperty('viewerUpvoted');
      expect(Object.keys(comment.user).sort()).toEqual([...AUTHOR_KEYS].sort());
      expect(comment.replies.map((r) => [r._id, r.commentId, r.content])).toEqual(
        old[i]!.replies.map((r) => [r._id, comment._id, r.content]),
      );
    }
  });

  it('pages many comments without repeats, and a new comment comes last', async () => {
    const { commenter, post, comment } = await scene();
    const added = [comment._id];
    for (let i = 0; i < 4; i += 1) added.push((await commenter.api.v2.comments.add(post._id, `c${i}`)).comment._id);
    const { items, pages } = await allPages(
      (cursor) => anonymous().v2.comments.ofPost(post._id, { limit: 2, cursor }),
      (p) => p.comments,
      2,
    );
    expect(ids(items)).toEqual(added);
    expect(pages).toBe(3);
  });

  it('answers 404 postNotFound for an unknown post, 400 for a bad limit or cursor', async () => {
    await expectError(anonymous().v2.comments.ofPost('nope'), 404, SERVER_ERRORS.postNotFound);
    expect(await raw('GET', '/v2/posts/p01-sunrise/comments?limit=99')).toMatchObject({
      status: 400,
      json: { errors: [V2_ERRORS.badLimit] },
    });
    expect(await raw('GET', '/v2/posts/p01-sunrise/comments?cursor=@@')).toMatchObject({
      status: 400,
      json: { errors: [V2_ERRORS.badCursor] },
    });
  });
});

describe('POST /v2/posts/{postId}/comments', () => {
  it("answers 201 { comment, post } with the post's new comment count", async () => {
    const { commenter, post } = await scene();
    const res = await raw('POST', `/v2/posts/${post._id}/comments`, {
      headers: { authorization: commenter.token },
      body: JSON.stringify({ commentData: { content: 'Second' } }),
    });
    expect(res.status).toBe(201);
    const answer = res.json as { comment: CommentV2; post: { commentCount: number; _id: string } };
    expect(Object.keys(answer).sort()).toEqual(['comment', 'post']);
    expect(answer.comment).toMatchObject({
      postId: post._id,
      content: 'Second',
      upvoteCount: 0,
      viewerUpvoted: false,
      replies: [],
      user: { _id: commenter.user._id },
    });
    expect(answer.post).toMatchObject({ _id: post._id, commentCount: 2 });
  });

  it('refuses empty or too long content, unknown posts and callers without a token', async () => {
    const { commenter, post } = await scene();
    await expectError(commenter.api.v2.comments.add(post._id, ' '), 400, INPUT_MESSAGES.empty('content'));
    await expectError(
      commenter.api.v2.comments.add(post._id, 'x'.repeat(TEXT_LIMITS.comment + 1)),
      400,
      INPUT_MESSAGES.tooLong('content', TEXT_LIMITS.comment),
    );
    await expectError(commenter.api.v2.comments.add('nope', 'Hi'), 404, SERVER_ERRORS.postNotFound);
    await expectError(anonymous().v2.comments.add(post._id, 'Hi'), 404, SERVER_ERRORS.userNotFound);
    expect((await anonymous().v2.posts.byId(post._id)).post.commentCount).toBe(1);
  });
});

describe('edit, delete and upvote a comment', () => {
  it('its author edits it (201 { comment }); anyone else gets 403 commentEditNotOwner', async () => {
    const { author, commenter, comment } = await scene();
    const res = await raw('POST', `/v2/comments/edit/${comment._id}`, {
      headers: { authorization: commenter.token },
      body: JSON.stringify({ commentData: { content: 'Edited' } }),
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json as object)).toEqual(['comment']);
    expect((res.json as { comment: CommentV2 }).comment).toMatchObject({ _id: comment._id, content: 'Edited' });
    await expectError(author.api.v2.comments.edit(comment._id, 'Not yours'), 403, SERVER_ERRORS.commentEditNotOwner);
    await expectError(commenter.api.v2.comments.edit('nope', 'x'), 404, SERVER_ERRORS.commentNotFound);
    await expectError(commenter.api.v2.comments.edit(comment._id, ''), 400, INPUT_MESSAGES.empty('content'));
  });

  it('the comment author or the post author deletes it (200 { commentId, post }); a stranger gets 403', async () => {
    const { author, commenter, stranger, post, comment } = await scene();
    await expectError(stranger.api.v2.comments.remove(comment._id), 403, SERVER_ERRORS.commentDeleteNotAllowed);
    const res = await raw('DELETE', `/v2/comments/${comment._id}`, { headers: { authorization: author.token } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ commentId: comment._id, post: { _id: post._id, commentCount: 0 } });
    await expectError(author.api.v2.comments.remove(comment._id), 404, SERVER_ERRORS.commentNotFound);
    const { comment: own } = await commenter.api.v2.comments.add(post._id, 'Mine');
    expect((await commenter.api.v2.comments.remove(own._id)).post.commentCount).toBe(0);
  });

  it('upvote toggles (200 { comment }) with the count and viewerUpvoted', async () => {
    const { stranger, comment } = await scene();
    const res = await raw('POST', `/v2/comments/upvote/${comment._id}`, { headers: { authorization: stranger.token } });
    expect(res.status).toBe(200);
    expect((res.json as { comment: CommentV2 }).comment).toMatchObject({ upvoteCount: 1, viewerUpvoted: true });
    expect((await stranger.api.v2.comments.upvote(comment._id)).comment).toMatchObject({ upvoteCount: 0, viewerUpvoted: false });
    await expectError(stranger.api.v2.comments.upvote('nope'), 404, SERVER_ERRORS.commentNotFound);
  });
});

describe('replies', () => {
  it('anyone adds one (201 { comment }) with an id the server makes', async () => {
    const { stranger, comment } = await scene();
    const res = await raw('POST', `/v2/comments/${comment._id}/replies`, {
      headers: { authorization: stranger.token },
      body: JSON.stringify({ replyData: { content: 'A reply', _id: 'mine', user: { _id: 'someone-else' } } }),
    });
    expect(res.status).toBe(201);
    const { replies } = (res.json as { comment: CommentV2 }).comment;
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ commentId: comment._id, content: 'A reply', user: { _id: stranger.user._id } });
    expect(replies[0]!._id).not.toBe('mine');
    expect(replies[0]!._id).toEqual(expect.any(String));
    await expectError(stranger.api.v2.comments.reply(comment._id, ''), 400, INPUT_MESSAGES.empty('content'));
    await expectError(stranger.api.v2.comments.reply('nope', 'x'), 404, SERVER_ERRORS.commentNotFound);
  });

  it(`takes at most ${LIMITS.maxRepliesPerComment} replies on one comment (then 409)`, async () => {
    const { author, commenter, stranger, comment } = await scene();
    const members = [author, commenter, stranger];
    for (let n = 0; n < LIMITS.maxRepliesPerComment; n += 1) await members[n % 3]!.api.v2.comments.reply(comment._id, `Reply ${n}`);
    await expectError(stranger.api.v2.comments.reply(comment._id, 'One too many'), 409, INPUT_MESSAGES.tooManyReplies);
    const { comments } = await anonymous().v2.comments.ofPost(comment.postId);
    expect(comments.find((c) => c._id === comment._id)!.replies).toHaveLength(LIMITS.maxRepliesPerComment);
  }, 60_000);

  it('only its author edits it (201); others get 403 replyEditNotOwner; unknown replies 404', async () => {
    const { author, stranger, comment } = await scene();
    const reply = (await stranger.api.v2.comments.reply(comment._id, 'Typo hre')).comment.replies[0]!;
    const res = await raw('POST', `/v2/comments/${comment._id}/replies/edit/${reply._id}`, {
      headers: { authorization: stranger.token },
      body: JSON.stringify({ replyData: { content: 'Typo here' } }),
    });
    expect(res.status).toBe(201);
    expect((res.json as { comment: CommentV2 }).comment.replies[0]).toMatchObject({ _id: reply._id, content: 'Typo here' });
    await expectError(author.api.v2.comments.editReply(comment._id, reply._id, 'Nope'), 403, V2_ERRORS.replyEditNotOwner);
    await expectError(stranger.api.v2.comments.editReply(comment._id, 'nope', 'x'), 404, V2_ERRORS.replyNotFound);
  });

  it('its author or the post author deletes it (200 { comment }); the comment author gets 403 replyDeleteNotAllowed', async () => {
    const { author, commenter, stranger, comment } = await scene();
    const first = (await stranger.api.v2.comments.reply(comment._id, 'One')).comment.replies[0]!;
    const second = (await stranger.api.v2.comments.reply(comment._id, 'Two')).comment.replies[1]!;
    await expectError(commenter.api.v2.comments.removeReply(comment._id, first._id), 403, V2_ERRORS.replyDeleteNotAllowed);
    const res = await raw('DELETE', `/v2/comments/${comment._id}/replies/${first._id}`, { headers: { authorization: author.token } });
    expect(res.status).toBe(200);
    expect((res.json as { comment: CommentV2 }).comment.replies.map((r) => r._id)).toEqual([second._id]);
    expect((await stranger.api.v2.comments.removeReply(comment._id, second._id)).comment.replies).toEqual([]);
    await expectError(stranger.api.v2.comments.removeReply(comment._id, second._id), 404, V2_ERRORS.replyNotFound);
  });
});

describe('"(edited)": marked by the edit itself', () => {
  /** The comment as its post's page of comments gives it. */
  const listed = async (postId: string, commentId: string) =>
    (await anonymous().v2.comments.ofPost(postId)).comments.find((c) => c._id === commentId);

  it('an edit that changes the text marks the comment or reply, at once (not by comparing times)', async () => {
    const { commenter, stranger, post } = await scene();
    const { comment: fresh } = await commenter.api.v2.comments.add(post._id, 'Fresh');
    expect(fresh.edited).toBe(false);
    const replied = (await stranger.api.v2.comments.reply(fresh._id, 'A reply')).comment;
    expect(replied).toMatchObject({ edited: false, replies: [{ edited: false }] });
    // The same text again is no edit.
    expect((await commenter.api.v2.comments.edit(fresh._id, 'Fresh')).comment.edited).toBe(false);
    // Edited straight after it was written (within the same second, most often): marked.
    expect((await commenter.api.v2.comments.edit(fresh._id, 'Fresh, edited')).comment).toMatchObject({
      edited: true,
      replies: [{ edited: false }],
    });
    const replyId = replied.replies[0]!._id;
    expect((await stranger.api.v2.comments.editReply(fresh._id, replyId, 'A reply, edited')).comment).toMatchObject({
      edited: true,
      replies: [{ _id: replyId, edited: true }],
    });
    // Read again, and after a later change (an upvote), it stays so.
    await stranger.api.v2.comments.upvote(fresh._id);
    expect(await listed(post._id, fresh._id)).toMatchObject({ edited: true, replies: [{ edited: true }] });
  });

  it("the spec's API marks them too: a comment's text, a reply's text, not a reply added", async () => {
    // v1 lets the comment's author change the text of their own replies (anyone else only appends).
    const { commenter, post, comment } = await scene();
    const user = { ...commenter.user, pic: '' };
    expect((await listed(post._id, comment._id))?.edited).toBe(false);
    await commenter.api.comments.edit(post._id, comment._id, { content: 'First!', replies: [{ _id: 'r-1', content: 'Hello', user }] });
    expect(await listed(post._id, comment._id)).toMatchObject({ edited: false, replies: [{ edited: false }] });
    await commenter.api.comments.edit(post._id, comment._id, { content: 'First!', replies: [{ _id: 'r-1', content: 'Hello!', user }] });
    expect(await listed(post._id, comment._id)).toMatchObject({ edited: false, replies: [{ edited: true }] });
    await commenter.api.comments.edit(post._id, comment._id, { content: 'First, edited' });
    expect(await listed(post._id, comment._id)).toMatchObject({ edited: true, replies: [{ edited: true }] });
  });
});
