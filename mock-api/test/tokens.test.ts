import { createHmac } from 'crypto';
import { LIMITS, SERVER_ERRORS } from '../src/contract';
import { signToken, verifyToken } from '../src/server/tokens';
import { anonymous, expectError, raw, signIn, withTestServer, withToken } from './helpers';

withTestServer();

const b64url = (text: string) => Buffer.from(text).toString('base64url');

describe('tokens', () => {
  it('are JWT-shaped HS256 tokens with the payload {_id, username, iat, exp, jti}', async () => {
    const { token, user } = await signIn(1);
    const [header, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toEqual({
      _id: user._id,
      username: user.username,
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: expect.any(String),
    });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { iat: number; exp: number };
    expect((claims.exp - claims.iat) * 1000).toBe(LIMITS.tokenLifetimeMs);
  });

  it('verifies only what it signed', () => {
    const token = signToken({ _id: 'u1-adarsh', username: 'adarsh@socialmfe.dev' });
    expect(verifyToken(token)).toMatchObject({ _id: 'u1-adarsh' });
    expect(verifyToken(`${token}x`)).toBeNull();
    expect(verifyToken('')).toBeNull();
    expect(verifyToken('a.b')).toBeNull();
    expect(verifyToken('%%%.###.***')).toBeNull();
  });

  it('a token signed with another secret (a forgery) is refused with 401', async () => {
    const head = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify({ _id: 'u1-adarsh', username: 'adarsh@socialmfe.dev', iat: 1 }))}`;
    const forged = `${head}.${createHmac('sha256', 'guessed-secret').update(head).digest('base64url')}`;
    await expectError(withToken(forged).posts.like('p11-chess'), 401, SERVER_ERRORS.badToken);
  });

  it('a tampered payload (another member id, same signature) is refused with 401', async () => {
    const { token } = await signIn(1);
    const [header, , signature] = token.split('.');
    const payload = b64url(JSON.stringify({ _id: 'u2-meera', username: 'meera@socialmfe.dev', iat: 1 }));
    await expectError(withToken(`${header}.${payload}.${signature}`).users.bookmarks(), 401, SERVER_ERRORS.badToken);
  });

  it('an unreadable token is refused with 401', async () => {
    await expectError(withToken('not-a-token').users.edit({ bio: 'x' }), 401, SERVER_ERRORS.badToken);
    await expectError(withToken('a.b.c').posts.create({ content: 'x', pic: '', userId: 'u1-adarsh' }), 401, SERVER_ERRORS.badToken);
  });

  it('a missing token on a protected call gives 404 userNotFound', async () => {
    await expectError(anonymous().posts.like('p11-chess'), 404, SERVER_ERRORS.userNotFound);
    await expectError(anonymous().users.bookmarks(), 404, SERVER_ERRORS.userNotFound);
  });

  it('a genuine token of a member who does not exist gives 404 userNotFound', async () => {
    const token = signToken({ _id: 'deleted-member', username: 'gone@socialmfe.dev' });
    await expectError(withToken(token).posts.like('p11-chess'), 404, SERVER_ERRORS.userNotFound);
  });

  it('accepts the raw token or "Bearer <token>" in any header case', async () => {
    const { token } = await signIn(1);
    const variants: Record<string, string>[] = [
      { authorization: token },
      { Authorization: `Bearer ${token}` },
      { authorization: `bearer ${token}` },
    ];
    for (const headers of variants) {
      const res = await raw('GET', '/users/bookmark', { headers });
      expect(res.status).toBe(200);
    }
  });
});
