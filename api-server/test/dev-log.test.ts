/**
 * `npm run start:server`'s log (API_LOG_FORMAT=short, api-server/src/dev-log.ts): one short line
 * a person can read per request, not Fastify's two JSON lines, and warnings as one line too.
 * Fastify itself writes the lines here, as it does in api-server.
 */
import Fastify from 'fastify';
import { Writable } from 'stream';
import { shortLogStream } from '../src/dev-log';

function sink() {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, out };
}

test('one line per request: time, method, URL, status and duration; a warning is one line too', async () => {
  const { lines, out } = sink();
  const app = Fastify({ logger: { level: 'info', stream: shortLogStream(out), redact: ['req.headers.authorization'] } });
  app.get('/api/v2/me', async (request, reply) => {
    request.log.warn({ err: new Error('database slow') }, 'slow answer');
    return reply.code(401).send({ errors: ['no token'] });
  });
  app.post('/api/v2/posts', async (_request, reply) => reply.code(201).send({ post: {} }));
  await app.ready();
  await app.inject({ method: 'GET', url: '/api/v2/me?x=1', headers: { authorization: 'secret-token' } });
  await app.inject({ method: 'POST', url: '/api/v2/posts', payload: { postData: { content: 'Hi' } } });
  await app.close();

  expect(lines).toEqual([
    expect.stringMatching(/^\d\d:\d\d:\d\d WARN slow answer: database slow$/),
    expect.stringMatching(/^\d\d:\d\d:\d\d GET \/api\/v2\/me\?x=1 401 \d+ ms$/),
    expect.stringMatching(/^\d\d:\d\d:\d\d POST \/api\/v2\/posts 201 \d+ ms$/),
  ]);
  expect(lines.join('\n')).not.toContain('secret-token');
});
