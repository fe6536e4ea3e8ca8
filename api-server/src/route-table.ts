/**
 * Which methods a path takes, for the answers no route gives: 405 with `Allow`, OPTIONS, HEAD.
 * The same rules and order as the fake backend's (mock-api/src/server/routes/fallback.ts):
 * HEAD wherever GET is, OPTIONS wherever anything is, in the order of METHOD_ORDER.
 */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export class RouteTable {
  private readonly routes: { method: string; pattern: RegExp }[] = [];

  /** A route by its Fastify path under /api (`/posts/:postId`). */
  add(method: string, path: string): void {
    const source = path
      .replace(/^\//, '')
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    this.routes.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}/?$`) });
  }

  /** The methods a path after `/api/` (still percent-encoded) takes; none for an unknown path. */
  allowed(path: string): string[] {
    const methods = new Set(this.routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.size === 0) return [];
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return METHOD_ORDER.filter((m) => methods.has(m));
  }

  /** Every method some path takes: what OPTIONS and HEAD on /api itself answer. */
  all(): string[] {
    const methods = new Set(this.routes.map((r) => r.method));
    methods.add('HEAD');
    methods.add('OPTIONS');
    return METHOD_ORDER.filter((m) => methods.has(m));
  }
}
