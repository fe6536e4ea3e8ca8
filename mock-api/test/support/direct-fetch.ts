/**
 * A `fetch` that hands /api requests straight to a Backend's route handlers: the same code
 * MirageJS runs, without pretender's and the fetch polyfill's timers (a few ms per call), so
 * property tests can make tens of thousands of calls through the typed client quickly.
 */
import type { Request } from 'miragejs';
import { Backend, type Handler } from '../../src/server/backend';
import { authRoutes } from '../../src/server/routes/auth';
import type { Method } from '../../src/server/routes/kit';
import { miscRoutes } from '../../src/server/routes/misc';
import { v1Routes } from '../../src/server/routes/v1';
import { v2Routes } from '../../src/server/v2';

interface Route {
  method: string;
  kind: 'read' | 'write';
  pattern: RegExp;
  names: string[];
  /** Static segments first, as MirageJS's router prefers them. */
  specificity: number;
  handler: Handler;
}

const routes: Route[] = [];
const add = (kind: 'read' | 'write') => (method: Method, path: string, handler: Handler) => {
  const segments = path.replace(/^\//, '').split('/');
  const names: string[] = [];
  const source = segments.map((s) => (s.startsWith(':') ? (names.push(s.slice(1)), '([^/]+)') : s)).join('/');
  routes.push({
    method: method.toUpperCase(),
    kind,
    pattern: new RegExp(`^${source}$`),
    names,
    specificity: segments.filter((s) => !s.startsWith(':')).length,
    handler,
  });
};
for (const register of [authRoutes, v1Routes, miscRoutes, v2Routes]) register({ read: add('read'), write: add('write') });
routes.sort((a, b) => b.specificity - a.specificity);

export function directFetch(backend: Backend): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost/');
    const path = url.pathname.replace(/^\/api\//, '');
    const method = (init.method ?? 'GET').toUpperCase();
    let status = 404;
    let text = JSON.stringify({ errors: [`No API endpoint matches ${method} /api/${path}.`] });
    for (const route of routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      const queryParams = Object.fromEntries(url.searchParams);
      const request = {
        params,
        queryParams,
        requestHeaders: { ...(init.headers as Record<string, string>) },
        requestBody: init.body ?? '',
      } as unknown as Request;
      // Mirage's Response keeps status and body as `code` and `data`; its type file leaves them out.
      const answer = (await backend.handle(route.kind, method.toLowerCase(), route.handler)(null, request)) as unknown as {
        code: number;
        data: unknown;
      };
      status = answer.code;
      text = typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data);
      break;
    }
    return { status, ok: status >= 200 && status < 300, text: async () => text } as Response;
  }) as typeof fetch;
}
