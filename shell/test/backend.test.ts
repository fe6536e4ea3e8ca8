import { api, apiBaseUrl, setApiBaseUrl } from '@social/shell/bus';
import { apiBaseUrlOf, startBackend } from '../src/backend';

const startServer = jest.fn();
jest.mock('@social/mock-api/server', () => ({ startServer: (...args: unknown[]) => startServer(...args) }));

afterEach(() => {
  setApiBaseUrl('');
  startServer.mockReset();
  jest.restoreAllMocks();
});

describe('apiBaseUrlOf', () => {
  it('takes an http(s) address from the served config', () => {
    expect(apiBaseUrlOf({ apiBaseUrl: 'http://localhost:4000' })).toBe('http://localhost:4000');
    expect(apiBaseUrlOf({ apiBaseUrl: ' https://api.orbit.example/v1/ ' })).toBe('https://api.orbit.example/v1');
  });

  it('means the fake backend for anything else', () => {
    for (const config of [
      null,
      'x',
      {},
      { apiBaseUrl: '' },
      { apiBaseUrl: 5 },
      { apiBaseUrl: 'javascript:alert(1)' },
      { apiBaseUrl: 'ftp://x' },
    ]) {
      expect(apiBaseUrlOf(config)).toBeNull();
    }
  });
});

describe('startBackend', () => {
  it('with an API base URL, points the api client at it and never loads the fake backend', async () => {
    const fetchSpy = jest.fn(async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ posts: [] }) }));
    Object.assign(globalThis, { fetch: fetchSpy });
    await startBackend(
      'http://localhost/',
      Promise.resolve({ auth: 'http://localhost:3001/mf-manifest.json', apiBaseUrl: 'http://127.0.0.1:4000/' }),
    );
    expect(apiBaseUrl()).toBe('http://127.0.0.1:4000');
    expect(startServer).not.toHaveBeenCalled();
    await api.posts.all();
    expect(fetchSpy).toHaveBeenCalledWith('http://127.0.0.1:4000/api/posts', expect.objectContaining({ method: 'GET' }));
  });

  it('without one, starts the in-browser fake backend with the address the page was opened with', async () => {
    await startBackend('http://localhost/explore?reset-data', Promise.resolve({ auth: 'http://localhost:3001/mf-manifest.json' }));
    expect(startServer).toHaveBeenCalledWith({ url: 'http://localhost/explore?reset-data' });
    expect(apiBaseUrl()).toBe('');
  });
});
