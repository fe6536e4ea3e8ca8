/**
 * Reports about a moderator go to the other moderators (docs/safety.md, "Moderate"): with Sara
 * and Kabir both moderating (the seed's Sara and a role granted to Kabir), a report about Sara's post or account is in
 * Kabir's queue, not hers, and hers says another moderator decides it. The contract suite
 * covers the seed's one moderator (mock-api/test/v2/report-limits.test.ts).
 */
import { V2_ERRORS } from '@social/mock-api/contract-v2';
import { grantRole } from '../src/roles';
import type { RunningServer } from '../src/server';
import { failure, login, serverForFile } from './kit';

let server: RunningServer;
serverForFile((started) => (server = started));

it('puts a report about one moderator in the other’s queue only; she cannot decide it', async () => {
  await grantRole(server.database.db, 'moderator', 'kabirshah');
  const [adarsh, kabir, sara] = [await login(server, 1), await login(server, 3), await login(server, 4)];
  const { post } = await sara.api.v2.posts.create({ content: 'Sara’s post', pic: '' });
  const aboutPost = await adarsh.api.v2.posts.report(post._id, { reason: 'spam' });
  const aboutSara = await adarsh.api.v2.members.report(sara.foundUser._id, { reason: 'other' });
  const aboutKabir = await adarsh.api.v2.members.report(kabir.foundUser._id, { reason: 'other' });

  const saraQueue = await sara.api.v2.moderation.reports();
  expect(saraQueue.reports.map((r) => r._id)).toEqual([aboutKabir.reportId]);
  expect(saraQueue.aboutYou).toEqual({ count: 2, otherModerators: true });
  const kabirQueue = await kabir.api.v2.moderation.reports();
  expect(kabirQueue.reports.map((r) => r._id)).toEqual([aboutPost.reportId, aboutSara.reportId]);
  expect(kabirQueue.aboutYou).toEqual({ count: 1, otherModerators: true });

  expect(await failure(sara.api.v2.moderation.removePost(aboutPost.reportId))).toEqual({ status: 403, errors: [V2_ERRORS.ownReport] });
  expect((await kabir.api.v2.moderation.removePost(aboutPost.reportId)).report).toMatchObject({
    status: 'removed',
    decidedBy: { _id: kabir.foundUser._id },
  });
  expect((await sara.api.v2.moderation.reports()).aboutYou).toEqual({ count: 1, otherModerators: true });
});
