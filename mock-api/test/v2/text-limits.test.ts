/**
 * What one text can cause (docs/notifications.md, "Mentions"; docs/api.md, "Tags"): a post,
 * comment or reply mentions at most MAX_MENTIONS members (its first distinct @handles) and a post
 * is listed under at most MAX_TAGS tags (its first distinct ones). Runs on both backends.
 */
import { MAX_MENTIONS, MAX_TAGS } from '../../src/core';
import { signIn, withTestServer, type Session } from '../helpers';

withTestServer();
jest.setTimeout(60_000);

const mentionsOf = async (s: Session) =>
  (await s.api.v2.notifications.list({ limit: 50 })).notifications.filter((n) => n.kind === 'mention');

describe('limits on what one text causes', () => {
  it(`mentions only its first ${MAX_MENTIONS} distinct handles: later ones notify nobody and stay plain text`, async () => {
    const [ada, meera] = [await signIn(1), await signIn(2)];
    const meeraHandle = meera.user.userHandler;
    // Three hundred @handles, Meera's the eleventh distinct one.
    const others = Array.from({ length: 300 }, (_, i) => `@m${i}`);
    const late = [...others.slice(0, MAX_MENTIONS), `@${meeraHandle}`, ...others.slice(MAX_MENTIONS)].join(' ');
    const { post } = await ada.api.v2.posts.create({ content: late, pic: '' });
    expect(post.mentions ?? []).toEqual([]);
    expect(await mentionsOf(meera)).toEqual([]);
    // First among them, she is mentioned and notified once, however often she is named.
    const early = [`@${meeraHandle}`, ...others, `@${meeraHandle}`].join(' ');
    const { comment } = await ada.api.v2.comments.add(post._id, early);
    expect(comment.mentions).toEqual([meeraHandle]);
    expect((await mentionsOf(meera)).map((n) => n.commentId)).toEqual([comment._id]);
  });

  it('notifies a member of a text’s mention once, however often edits drop the mention and put it back', async () => {
    const [ada, meera] = [await signIn(1), await signIn(2)];
    const mention = `Hello @${meera.user.userHandler}`;
    const { post } = await ada.api.v2.posts.create({ content: mention, pic: '' });
    expect((await mentionsOf(meera)).map((n) => n.postId)).toEqual([post._id]);
    await meera.api.v2.notifications.markRead();
    for (let i = 0; i < 3; i += 1) {
      // Dropping it takes the notification away; putting it back notifies nobody again.
      await ada.api.v2.posts.edit(post._id, { content: `Hello ${i}`, pic: '' });
      expect(await mentionsOf(meera)).toEqual([]);
      const { post: edited } = await ada.api.v2.posts.edit(post._id, { content: `${mention} ${i}`, pic: '' });
      expect(edited.mentions).toEqual([meera.user.userHandler]);
      expect(await mentionsOf(meera)).toEqual([]);
    }
    expect((await meera.api.v2.notifications.unreadCount()).count).toBe(0);
    // The same for a comment and a reply, each its own text.
    const { comment } = await ada.api.v2.comments.add(post._id, mention);
    const { comment: replied } = await ada.api.v2.comments.reply(comment._id, mention);
    expect((await mentionsOf(meera)).map((n) => n.commentId)).toEqual([comment._id, comment._id]);
    const replyId = replied.replies[0]!._id;
    await ada.api.v2.comments.edit(comment._id, 'Hello');
    await ada.api.v2.comments.editReply(comment._id, replyId, 'Hi');
    await ada.api.v2.comments.edit(comment._id, mention);
    await ada.api.v2.comments.editReply(comment._id, replyId, mention);
    expect(await mentionsOf(meera)).toEqual([]);
  });

  it(`lists a post under its first ${MAX_TAGS} distinct tags only`, async () => {
    const ada = await signIn(1);
    const tags = Array.from({ length: 300 }, (_, i) => `#t${String.fromCharCode(97 + (i % 26))}${i}`);
    const { post } = await ada.api.v2.posts.create({ content: `#limitfirst ${tags.join(' ')}`, pic: '' });
    const listed = async (tag: string) => (await ada.api.v2.tags.posts(tag)).posts.map((p) => p._id);
    expect(await listed('limitfirst')).toEqual([post._id]);
    expect(await listed(tags[MAX_TAGS - 2]!.slice(1))).toEqual([post._id]);
    expect(await listed(tags[MAX_TAGS - 1]!.slice(1))).toEqual([]);
    expect(await listed(tags[299]!.slice(1))).toEqual([]);
    // An edit lists it under its new text's first tags.
    await ada.api.v2.posts.edit(post._id, { content: tags.slice(MAX_TAGS).join(' '), pic: '' });
    expect(await listed('limitfirst')).toEqual([]);
    expect(await listed(tags[MAX_TAGS]!.slice(1))).toEqual([post._id]);
  });
});
