/**
 * GET /v2/meta on both backends (docs/api.md): what the backend is, asked by the login page
 * before anyone signs in. Both start these tests from the demo seed, so `demo` is true; an
 * api-server started without it answers false (api-server/test/production-start.test.ts).
 */
import { anonymous, signIn, withTestServer } from '../helpers';

withTestServer();

it('says the demo members are here, to anyone, with or without a token', async () => {
  expect(await anonymous().v2.meta()).toEqual({ demo: true });
  const { api } = await signIn(1);
  expect(await api.v2.meta()).toEqual({ demo: true });
  // The token is not the question: one the backend never signed changes nothing.
  const forged = await fetch('/api/v2/meta', { headers: { authorization: 'not.a.token' } });
  expect(forged.status).toBe(200);
  expect(await forged.json()).toEqual({ demo: true });
});
