/**
 * Which methods a path under /api takes, for the answers no route gives (405 with `Allow`,
 * HEAD, OPTIONS). No MirageJS here: the fake backend (./fallback.ts) and api-server
 * (api-server/src/app.ts) both use it, so both answer with the same `Allow` lists.
 */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Every registered (method, path pattern), to tell which methods a path takes. */
export class RouteTable {
  private readonly routes: { method: string; pattern: RegExp }[] = [];

  /** A route by its path under /api (`/posts/:postId`; `*rest` matches the rest of the path). */
  add(method: string, path: string): void {
    const source = path
      .replace(/^\//, '')
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment.startsWith('*') ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    this.routes.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}/?$`) });
  }

  /** The methods the path takes (HEAD wherever GET is, OPTIONS wherever anything is), in a stable order. */
  allowed(path: string): string[] {
    const methods = new Set(this.routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.size === 0) return [];
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return METHOD_ORDER.filter((m) => methods.has(m));
  }

  /** Every method some path takes: what OPTIONS on /api itself answers. */
  all(): string[] {
    const methods = new Set(this.routes.map((r) => r.method));
    methods.add('HEAD');
    methods.add('OPTIONS');
    return METHOD_ORDER.filter((m) => methods.has(m));
  }
}
