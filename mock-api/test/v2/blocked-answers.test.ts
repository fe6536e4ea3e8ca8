/**
 * One visibility rule for every answer (docs/safety.md, "What the blocked member sees"): once a
 * member blocked another, no answer to the blocked member's writes carries what the blocker
 * wrote, on v2 and v1, whatever the write addresses: his own comments and replies under her
 * post or comment are not found (404, nothing changed), and what he can reach comes back
 * without her replies. Runs on both backends.
 */
import { ApiError } from '../../src/client';
import { SERVER_ERRORS } from '../../src/contract';
import type { CommentV2 } from '../../src/contract-v2';
import { anonymous, expectError, signIn, withTestServer, type Session } from '../helpers';

withTestServer();
jest.setTimeout(60_000);

const ADARSH = 'u1-adarsh';
const KABIR = 'u3-kabir';
/** Every text the blocker writes carries it, so an answer holding one is found by text too. */
const SECRET = 'ADARSH-ONLY';

/** The items of an answer written by `memberId` (a post, comment or reply: anything with content and an author). */
function writtenBy(answer: unknown, memberId: string): unknown[] {
  const found: unknown[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    const item = value as { content?: unknown; user?: { _id?: unknown }; author?: { _id?: unknown }; userId?: unknown };
    const author = item.user?._id ?? item.author?._id ?? item.userId;
    if (typeof item.content === 'string' && author === memberId) found.push(value);
    Object.values(value).forEach(walk);
  };
  walk(answer);
  return found;
}

/** The answer of a call, or the body of its error. */
async function answerOf(call: Promise<unknown>): Promise<unknown> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) return error.body;
    throw error;
  }
}

/** Asserts the answer holds nothing the blocker wrote, and answers it. */
async function nothingOfTheBlocker<T>(call: Promise<T>): Promise<T> {
  const answer = await answerOf(call);
  expect(writtenBy(answer, ADARSH)).toEqual([]);
  expect(JSON.stringify(answer)).not.toContain(SECRET);
  return answer as T;
}

const replyOf = (comment: CommentV2, authorId: string) => comment.replies.find((reply) => reply.user._id === authorId)!;

/**
 * Before the block: Meera's post with Adarsh's comment (Meera replied under it) and Meera's
 * comment (Adarsh replied); Adarsh's post with Meera's comment; Kabir's post with Kabir's
 * comment (replies by Adarsh and Meera) and Meera's comment (Adarsh replied). Then Adarsh blocks Meera.
 */
async function blockedScene() {
  const [adarsh, meera, kabir] = [await signIn(1), await signIn(2), await signIn(3)];
  const post = async (s: Session, content: string) => (await s.api.v2.posts.create({ content, pic: '' })).post;
  const comment = async (s: Session, postId: string, content: string) => (await s.api.v2.comments.add(postId, content)).comment;
  const reply = async (s: Session, commentId: string, content: string) => (await s.api.v2.comments.reply(commentId, content)).comment;

  const meeraPost = await post(meera, 'Meera’s own post');
  const adarshOnMeera = await comment(adarsh, meeraPost._id, `${SECRET} comment on Meera’s post`);
  const meeraUnderAdarsh = replyOf(await reply(meera, adarshOnMeera._id, 'Meera under Adarsh'), meera.user._id);
  const meeraOnMeera = await comment(meera, meeraPost._id, 'Meera on her own post');
  const adarshUnderMeera = replyOf(await reply(adarsh, meeraOnMeera._id, `${SECRET} reply to Meera`), ADARSH);

  const adarshPost = await post(adarsh, `${SECRET} post`);
  const meeraOnAdarsh = await comment(meera, adarshPost._id, 'Meera on Adarsh’s post');

  const kabirPost = await post(kabir, 'Kabir’s post');
  const kabirComment = await comment(kabir, kabirPost._id, 'Kabir on his post');
  await reply(adarsh, kabirComment._id, `${SECRET} reply to Kabir`);
  const meeraUnderKabir = replyOf(await reply(meera, kabirComment._id, 'Meera under Kabir'), meera.user._id);
  const meeraOnKabir = await comment(meera, kabirPost._id, 'Meera on Kabir’s post');
  await reply(adarsh, meeraOnKabir._id, `${SECRET} reply under Meera on Kabir’s post`);

  await adarsh.api.v2.members.block(meera.user._id);
  return {
    adarsh,
    meera,
    kabir,
    meeraPost,
    adarshOnMeera,
    meeraUnderAdarsh,
    meeraOnMeera,
    adarshUnderMeera,
    adarshPost,
    meeraOnAdarsh,
    kabirPost,
    kabirComment,
    meeraUnderKabir,
    meeraOnKabir,
  };
}

describe('the answers to a blocked member’s writes', () => {
  it('on v2 carry nothing the blocker wrote, and what sits under the blocker’s post or comment is not found', async () => {
    const s = await blockedScene();
    const v2 = s.meera.api.v2;
    const commentNotFound = (call: Promise<unknown>) => expectError(call, 404, SERVER_ERRORS.commentNotFound);

    // Under the blocker's post or comment: not found, and nothing changes.
    await commentNotFound(v2.comments.edit(s.meeraOnAdarsh._id, 'edited'));
    await commentNotFound(v2.comments.remove(s.meeraOnAdarsh._id));
    await commentNotFound(v2.comments.editReply(s.adarshOnMeera._id, s.meeraUnderAdarsh._id, 'edited'));
    await commentNotFound(v2.comments.removeReply(s.adarshOnMeera._id, s.meeraUnderAdarsh._id));
    const adarshView = (await s.adarsh.api.v2.comments.ofPost(s.adarshPost._id)).comments;
    expect(adarshView).toEqual([]); // his lists hide her comment; it is still there for others:
    const kabirView = (await s.kabir.api.v2.comments.ofPost(s.adarshPost._id)).comments;
    expect(kabirView.map((c) => [c._id, c.content])).toEqual([[s.meeraOnAdarsh._id, 'Meera on Adarsh’s post']]);
    const underAdarsh = (await s.kabir.api.v2.comments.ofPost(s.meeraPost._id)).comments.find((c) => c._id === s.adarshOnMeera._id)!;
    expect(underAdarsh.replies.map((r) => [r._id, r.content])).toEqual([[s.meeraUnderAdarsh._id, 'Meera under Adarsh']]);

    // What she reaches comes back without his replies.
    const ownEdited = await nothingOfTheBlocker(v2.comments.edit(s.meeraOnMeera._id, 'Meera on her own post, edited'));
    expect(ownEdited.comment.content).toBe('Meera on her own post, edited');
    await nothingOfTheBlocker(v2.comments.edit(s.meeraOnKabir._id, 'Meera on Kabir’s post, edited'));
    await nothingOfTheBlocker(v2.comments.upvote(s.meeraOnMeera._id));
    await nothingOfTheBlocker(v2.comments.upvote(s.kabirComment._id));
    const replied = await nothingOfTheBlocker(v2.comments.reply(s.kabirComment._id, 'Meera again'));
    expect(replied.comment.replies.map((r) => r.content)).toEqual(['Meera under Kabir', 'Meera again']);
    await nothingOfTheBlocker(v2.comments.editReply(s.kabirComment._id, s.meeraUnderKabir._id, 'Meera under Kabir, edited'));
    await nothingOfTheBlocker(v2.comments.removeReply(s.kabirComment._id, s.meeraUnderKabir._id));
    // As her post's author she removes his reply and his comment; the answers are hers.
    await nothingOfTheBlocker(v2.comments.removeReply(s.meeraOnMeera._id, s.adarshUnderMeera._id));
    await nothingOfTheBlocker(v2.comments.remove(s.adarshOnMeera._id));
    await nothingOfTheBlocker(v2.comments.add(s.kabirPost._id, 'Another one'));
    await nothingOfTheBlocker(v2.comments.remove(s.meeraOnKabir._id));
    await nothingOfTheBlocker(v2.posts.like(s.kabirPost._id));
    await nothingOfTheBlocker(v2.posts.dislike(s.kabirPost._id));
    await nothingOfTheBlocker(v2.posts.bookmark(s.kabirPost._id));
    await nothingOfTheBlocker(v2.posts.removeBookmark(s.kabirPost._id));
    await nothingOfTheBlocker(v2.posts.edit(s.meeraPost._id, { content: 'Meera’s own post, edited', pic: '' }));
    await nothingOfTheBlocker(v2.posts.create({ content: 'Meera’s second post', pic: '' }));
    // The refused interactions tell her nothing either.
    await nothingOfTheBlocker(v2.posts.like(s.adarshPost._id));
    await nothingOfTheBlocker(v2.comments.reply(s.adarshOnMeera._id, 'hello?'));
  });

  it('on v1 answer every post and member the blocked member may see: none of the blocker’s, nor his comments or replies', async () => {
    const s = await blockedScene();
    const v1 = s.meera.api;
    const current = async (postId: string, commentId: string) =>
      (await anonymous().comments.ofPost(postId)).comments.find((c) => c._id === commentId)!;

    await expectError(v1.comments.edit(s.adarshPost._id, s.meeraOnAdarsh._id, { content: 'edited' }), 404, SERVER_ERRORS.commentNotFound);
    await expectError(v1.comments.remove(s.adarshPost._id, s.meeraOnAdarsh._id), 404, SERVER_ERRORS.commentNotFound);

    const answers = [
      await nothingOfTheBlocker(v1.posts.edit(s.meeraPost._id, { content: 'Meera’s own post, edited', pic: '' })),
      await nothingOfTheBlocker(v1.posts.like(s.kabirPost._id)),
      await nothingOfTheBlocker(v1.posts.dislike(s.kabirPost._id)),
      await nothingOfTheBlocker(v1.comments.add(s.kabirPost._id, { content: 'From v1' })),
      await nothingOfTheBlocker(v1.comments.upvote(s.kabirPost._id, s.kabirComment._id)),
    ];
    const onKabir = await current(s.kabirPost._id, s.meeraOnKabir._id);
    answers.push(
      await nothingOfTheBlocker(
        v1.comments.edit(s.kabirPost._id, s.meeraOnKabir._id, { content: 'edited on v1', replies: onKabir.replies }),
      ),
      await nothingOfTheBlocker(v1.comments.remove(s.kabirPost._id, s.meeraOnKabir._id)),
      await nothingOfTheBlocker(v1.posts.create({ content: 'From v1 too', pic: '', userId: s.meera.user._id })),
    );
    // Every answer still holds every other post.
    for (const { posts } of answers) expect(posts.map((p) => p._id)).toContain(s.kabirPost._id);
    const follow = await nothingOfTheBlocker(v1.users.follow(KABIR));
    expect(follow.allUsers.map((u) => u._id)).not.toContain(ADARSH);
    expect(follow.allUsers.map((u) => u._id)).toContain(KABIR);

    // A member nobody blocked gets v1's answers whole.
    const kabirAnswer = await s.kabir.api.posts.like(s.adarshPost._id);
    expect(writtenBy(kabirAnswer, ADARSH).length).toBeGreaterThan(0);
  });
});
