import { TEST_CREDENTIALS } from '../src/contract';
import { SEED_USER_IDS } from '../src/server';
import { createSeedDb } from '../src/server/seed';
import { anonymous, raw, signIn, withTestServer } from './helpers';

const PASSWORDS = ['adarsh123', 'meera1234', 'kabir1234', 'sara12345', 'rohan1234', 'lena12345', 'tomas1234', 'aiko12345'];

/** Fails if a password key or a known password appears anywhere in the answer. */
function expectNoPassword(value: unknown, where: string): void {
  const visit = (node: unknown, path: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${path}[${i}]`));
    else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key.toLowerCase() === 'password') throw new Error(`password at ${where} ${path}.${key}`);
        visit(child, `${path}.${key}`);
      }
    } else if (typeof node === 'string' && PASSWORDS.includes(node)) throw new Error(`a password value at ${where} ${path}`);
  };
  visit(value, '');
}

describe('with a test server', () => {
  withTestServer();

  it('no answer of any endpoint contains a password', async () => {
    const { token } = await signIn(1);
    const auth = { authorization: token };
    const calls: [string, string, unknown?][] = [
      ['POST', '/auth/login', TEST_CREDENTIALS[1]],
      ['POST', '/auth/signup', { username: 'scan@x.dev', password: 'scanpass1', firstName: 'S', lastName: 'C' }],
      ['GET', '/users'],
      ['GET', `/users/id/${SEED_USER_IDS[1]}`],
      ['GET', '/users/handler/meeranair'],
      ['POST', '/users/edit', { userData: { bio: 'scan' } }],
      ['GET', '/users/bookmark'],
      ['POST', '/users/bookmark/p04-hike'],
      ['POST', '/users/remove-bookmark/p04-hike'],
      ['POST', `/users/follow/${SEED_USER_IDS[4]}`],
      ['POST', `/users/unfollow/${SEED_USER_IDS[4]}`],
      ['GET', '/posts'],
      ['GET', '/posts/2/3'],
      ['GET', '/posts/p01-sunrise'],
      ['GET', '/posts/user/sara@socialmfe.dev'],
      ['POST', '/posts', { postData: { content: 'scan', pic: '' } }],
      ['POST', '/posts/edit/p02-css', { postData: { content: 'scan', pic: '' } }],
      ['POST', '/posts/like/p11-chess'],
      ['POST', '/posts/dislike/p07-croissant'],
      ['GET', '/comments/p01-sunrise'],
      ['POST', '/comments/add/p01-sunrise', { commentData: { content: 'scan' } }],
      [
        'POST',
        '/comments/edit/p01-sunrise/c01-1',
        {
          commentData: {
            content: 'scan',
            // Others' replies stay (a comment edit never removes them), then one new reply.
            replies: [
              { _id: 'r01-1', content: 'The north loop, start before 5 or you miss the colours!' },
              { _id: 'r01-2', content: 'Adding it to my weekend list 🥾' },
              { _id: 'r-scan', content: 'scan', user: { password: 'x' } },
            ],
          },
        },
      ],
      ['POST', '/comments/upvote/p01-sunrise/c01-1'],
      ['POST', '/comments/delete/p01-sunrise/c01-1'],
      ['DELETE', '/posts/p02-css'],
      ['GET', '/test-todos'],
    ];
    for (const [method, path, body] of calls) {
      const res = await raw(method, path, { headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
      expect([method, path, res.status < 300]).toEqual([method, path, true]);
      expectNoPassword(res.json, `${method} ${path}`);
      expect(res.text).not.toMatch(/password/i);
    }
  });

  it('garbage input gets a 4xx with an errors list, never a 500', async () => {
    const { token } = await signIn(1);
    const bodies = [
      '',
      'null',
      '[]',
      '"text"',
      '42',
      '{bad json',
      '{"postData":[]}',
      '{"commentData":{"content":{}}}',
      '{"userData":{"pic":{}}}',
    ];
    const paths = [
      ['POST', '/posts'],
      ['POST', '/posts/edit/p02-css'],
      ['POST', '/comments/add/p01-sunrise'],
      ['POST', '/comments/edit/p01-sunrise/c01-1'],
      ['POST', '/users/edit'],
      ['POST', '/auth/login'],
      ['POST', '/auth/signup'],
    ];
    for (const [method, path] of paths) {
      for (const body of bodies) {
        const res = await raw(method!, path!, { headers: { authorization: token }, body });
        expect([path, body, res.status >= 400 && res.status < 500]).toEqual([path, body, true]);
        expect(res.json).toEqual({ errors: [expect.any(String)] });
      }
    }
    // Nothing half-written: the data is as seeded.
    expect((await anonymous().posts.all()).posts).toHaveLength(createSeedDb().posts.length);
  });
});
