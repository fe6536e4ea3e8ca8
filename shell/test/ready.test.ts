/**
 * "Ready means ready" (tools/ready.js, used by npm start / serve / start:server / serve:server):
 * "open http://localhost:3000" is printed only once every part answers, the API included.
 */
import http from 'http';
import type { AddressInfo } from 'net';

const ready = jest.requireActual<{
  apiReady: (baseUrl: string) => Promise<boolean>;
  appReady: (port: number) => Promise<boolean>;
  announceWhenReady: (
    parts: { label: string; url: string; ready: () => Promise<boolean> }[],
    options: { log: (line: string) => void; done: (time: string) => string; remindEvery?: number },
  ) => Promise<void>;
}>('../../tools/ready');

/** A server on 127.0.0.1 answering `status()` to every request; records the paths asked. */
async function server(status: () => number) {
  const paths: string[] = [];
  const s = http.createServer((req, res) => {
    paths.push(req.url ?? '');
    res.writeHead(status());
    res.end();
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { port: (s.address() as AddressInfo).port, paths, close: () => new Promise((resolve) => s.close(resolve)) };
}

test('the final line waits for the API; each part gets its own ready line as it answers', async () => {
  let apiUp = false;
  const app = await server(() => 200);
  const api = await server(() => (apiUp ? 200 : 503));
  const lines: string[] = [];
  const base = `http://127.0.0.1:${api.port}`;
  const finished = ready.announceWhenReady(
    [
      { label: 'shell', url: 'app', ready: () => ready.appReady(app.port) },
      { label: 'api', url: base, ready: () => ready.apiReady(base) },
    ],
    { log: (line) => lines.push(line), done: () => 'open http://localhost:3000' },
  );
  let settled = false;
  void finished.finally(() => (settled = true));
  // The app answers at once; the API is asked (and refuses) at least twice meanwhile.
  while (!settled && !(lines.some((l) => l.startsWith('[shell] ready')) && api.paths.length >= 2))
    await new Promise((r) => setTimeout(r, 20));
  expect(lines.some((l) => l.includes('open http://localhost:3000'))).toBe(false);
  apiUp = true;
  await finished;
  expect(lines.at(-2)).toMatch(/^\[api\] ready in /);
  expect(lines.at(-1)).toBe('open http://localhost:3000');
  // Readiness is api-server's /readyz (its database answers, migrations applied), not the port merely listening.
  expect(api.paths[0]).toBe('/readyz');
  await Promise.all([app.close(), api.close()]);
});

test('nothing listening is not ready', async () => {
  const gone = await server(() => 200);
  await gone.close();
  await expect(ready.appReady(gone.port)).resolves.toBe(false);
});
