/** npm run start:server / serve:server: the shell's served config names the API server only while asked to (tools/api-config.js). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS build tool
const { ENV, devMiddlewares, prepareServedConfig } = require('../../tools/api-config') as {
  ENV: string;
  devMiddlewares: (
    dir: string,
  ) => (list: { name: string; path?: string; middleware: (req: unknown, res: unknown) => void }[]) => typeof list;
  prepareServedConfig: (dist: string, folder: string) => void;
};

const remotes = { auth: 'http://localhost:3001/mf-manifest.json' };
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-config-'));
  fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify(remotes));
});
afterEach(() => {
  delete process.env[ENV];
  fs.rmSync(dir, { recursive: true, force: true });
});
const served = () => JSON.parse(fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8'));

it('serve: the build’s remotes.json names the API server while ORBIT_API_BASE_URL is set, and is itself again after', () => {
  process.env[ENV] = 'http://127.0.0.1:4000';
  prepareServedConfig(dir, 'shell');
  expect(served()).toEqual({ ...remotes, apiBaseUrl: 'http://127.0.0.1:4000' });
  prepareServedConfig(dir, 'shell'); // serving again keeps one copy of the original
  delete process.env[ENV];
  prepareServedConfig(dir, 'shell');
  expect(served()).toEqual(remotes);
  expect(fs.readdirSync(dir)).toEqual(['remotes.json']);
});

it('serve: leaves remotes and a hand-edited config alone', () => {
  fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify({ ...remotes, apiBaseUrl: 'https://api.orbit.example' }));
  prepareServedConfig(dir, 'shell');
  expect(served().apiBaseUrl).toBe('https://api.orbit.example');
  process.env[ENV] = 'http://127.0.0.1:4000';
  prepareServedConfig(dir, 'feed-mfe');
  expect(fs.readdirSync(dir)).toEqual(['remotes.json']);
});

it('dev: /remotes.json is answered with the API base URL only while ORBIT_API_BASE_URL is set', () => {
  fs.mkdirSync(path.join(dir, 'public'));
  fs.writeFileSync(path.join(dir, 'public', 'remotes.json'), JSON.stringify(remotes));
  expect(devMiddlewares(dir)([])).toEqual([]);
  process.env[ENV] = 'http://127.0.0.1:4000';
  const [first] = devMiddlewares(dir)([]);
  expect(first?.path).toBe('/remotes.json');
  let body = '';
  const headers: Record<string, string> = {};
  first!.middleware({}, { setHeader: (name: string, value: string) => (headers[name] = value), end: (text: string) => (body = text) });
  expect(JSON.parse(body)).toEqual({ ...remotes, apiBaseUrl: 'http://127.0.0.1:4000' });
  expect(headers['Content-Type']).toBe('application/json');
});
