/** Every /api request gets an HTTP answer (raw fetch only, so it runs against any backend). */
import { SERVER_ERRORS } from '../src/contract';
import { raw, signIn, withTestServer } from './helpers';

withTestServer();

describe('methods a path does not take', () => {
  it.each([
    ['PUT', '/posts', 'GET, HEAD, POST, OPTIONS'],
    ['DELETE', '/users', 'GET, HEAD, OPTIONS'],
    ['PATCH', '/auth/login', 'POST, OPTIONS'],
    ['GET', '/auth/logout', 'POST, OPTIONS'],
    ['POST', '/comments/p01-sunrise', 'GET, HEAD, OPTIONS'],
  ])('%s %s answers 405 with Allow: %s', async (method, path, allow) => {
    const response = await fetch(`/api${path}`, { method, headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.json()).toEqual({ errors: [SERVER_ERRORS.methodNotAllowed] });
  });

  it('an unknown path stays 404', async () => {
    const res = await raw('GET', '/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ errors: [expect.stringContaining('/api/no-such-thing')] });
  });
});

describe('malformed paths', () => {
  it.each(['/posts/%E0%A4%A', '/users/id/%', '/comments/%zz', '/posts/%E0%A4%A/1'])('GET %s answers 400 malformedPath', async (path) => {
    const res = await raw('GET', path);
    expect(res).toMatchObject({ status: 400, json: { errors: [SERVER_ERRORS.malformedPath] } });
  });

  it('a malformed path on a write changes nothing and still answers 400', async () => {
    const { token } = await signIn(1);
    const res = await raw('POST', '/posts/like/%E0%A4%A', { headers: { authorization: token } });
    expect(res).toMatchObject({ status: 400, json: { errors: [SERVER_ERRORS.malformedPath] } });
  });

  it('a well-formed escape is decoded as before', async () => {
    const res = await raw('GET', `/users/handler/${encodeURIComponent('nobody here')}`);
    expect(res.status).toBe(404);
  });
});

describe('HEAD and OPTIONS', () => {
  it('HEAD on /api and on a GET path answers without a body', async () => {
    const root = await fetch('/api', { method: 'HEAD' });
    expect(root.status).toBeLessThan(500);
    expect(await root.text()).toBe('');
    const posts = await fetch('/api/posts', { method: 'HEAD' });
    expect(posts.status).toBe(200);
    expect(posts.headers.get('content-type')).toMatch(/application\/json/);
    expect(await posts.text()).toBe('');
    const missing = await fetch('/api/posts/no-such-post', { method: 'HEAD' });
    expect(missing.status).toBe(404);
  });

  it('OPTIONS answers 204 with Allow on /api and on a path', async () => {
    const root = await fetch('/api', { method: 'OPTIONS' });
    expect(root.status).toBe(204);
    expect(root.headers.get('allow')).toEqual(expect.stringContaining('GET'));
    const path = await fetch('/api/posts/like/p01-sunrise', { method: 'OPTIONS' });
    expect(path.status).toBe(204);
    expect(path.headers.get('allow')).toEqual(expect.stringContaining('POST'));
  });

  it('HEAD on a POST-only path answers 405', async () => {
    const res = await fetch('/api/auth/login', { method: 'HEAD' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
