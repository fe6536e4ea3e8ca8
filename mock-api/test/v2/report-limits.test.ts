/**
 * Reports (docs/safety.md, "Report" and "Moderate"): a member's report budget, and reports about
 * a moderator, which never reach her own queue. Runs on both backends; the seed has one
 * moderator (test user 4, Sara).
 */
import { REPORTS_PER_HOUR, V2_ERRORS } from '../../src/contract-v2';
import { anonymous, expectError, signIn, withTestServer, type Session } from '../helpers';
import { ids } from './support';

withTestServer();
jest.setTimeout(60_000);

const SARA = 'u4-sara';

/** Every open report in the moderator's queue. */
async function queue(moderator: Session) {
  const all = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i += 1) {
    const page = await moderator.api.v2.moderation.reports({ limit: 50, cursor });
    all.push(...page.reports);
    if (page.nextCursor === null) return { reports: all, aboutYou: page.aboutYou };
    cursor = page.nextCursor;
  }
  throw new Error('more than 20 pages');
}

describe('reports', () => {
  it(`a member sends at most ${REPORTS_PER_HOUR} reports an hour; the next is 429 and queues nothing`, async () => {
    const [adarsh, kabir] = [await signIn(1), await signIn(3)];
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1) await kabir.api.v2.posts.create({ content: `Kabir’s post ${i}`, pic: '' });
    const { posts } = await anonymous().posts.all();
    const targets = posts.filter((p) => p.userId !== adarsh.user._id && p.userId !== SARA).map((p) => p._id);
    expect(targets.length).toBeGreaterThan(REPORTS_PER_HOUR);
    for (const postId of targets.slice(0, REPORTS_PER_HOUR)) await adarsh.api.v2.posts.report(postId, { reason: 'spam' });
    await expectError(adarsh.api.v2.posts.report(targets[REPORTS_PER_HOUR]!, { reason: 'spam' }), 429, V2_ERRORS.tooManyReports);
    await expectError(adarsh.api.v2.members.report('u3-kabir', { reason: 'spam' }), 429, V2_ERRORS.tooManyReports);
    const { reports } = await queue(await signIn(4));
    expect(reports.filter((r) => r.reporter._id === adarsh.user._id)).toHaveLength(REPORTS_PER_HOUR);
    // Decided reports still count: the budget is what the member sent.
    const sara = await signIn(4);
    await sara.api.v2.moderation.dismiss(reports[0]!._id);
    await expectError(adarsh.api.v2.members.report('u3-kabir', { reason: 'spam' }), 429, V2_ERRORS.tooManyReports);
    // Another member's budget is their own.
    expect((await (await signIn(2)).api.v2.posts.report(targets[0]!, { reason: 'spam' })).reportId).toEqual(expect.any(String));
  });

  it('a report about a moderator or her post is not in her queue; with no other moderator it waits, and the queue says so', async () => {
    const [adarsh, kabir, sara] = [await signIn(1), await signIn(3), await signIn(4)];
    const { post } = await sara.api.v2.posts.create({ content: 'A post by the moderator', pic: '' });
    const aboutPost = await adarsh.api.v2.posts.report(post._id, { reason: 'spam' });
    const aboutHer = await kabir.api.v2.members.report(SARA, { reason: 'harassment' });
    const other = await adarsh.api.v2.members.report('u3-kabir', { reason: 'other' });
    const seen = await queue(sara);
    expect(ids(seen.reports)).toEqual([other.reportId]);
    expect(seen.aboutYou).toEqual({ count: 2, otherModerators: false });
    // She cannot decide them either, even by their address.
    await expectError(sara.api.v2.moderation.dismiss(aboutHer.reportId), 403, V2_ERRORS.ownReport);
    await expectError(sara.api.v2.moderation.removePost(aboutPost.reportId), 403, V2_ERRORS.ownReport);
    expect((await sara.api.v2.posts.byId(post._id)).post._id).toBe(post._id);
    // Once decided elsewhere or gone, they leave the count: her own deletion of the post is one way.
    await sara.api.v2.posts.remove(post._id);
    expect((await queue(sara)).aboutYou).toEqual({ count: 1, otherModerators: false });
  });
});
