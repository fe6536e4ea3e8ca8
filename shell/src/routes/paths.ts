/**
 * Every path of the product as data and plain functions, without React: the service worker
 * (shell/src/offline/sw.ts) reads them too. ./index.ts adds the hooks pages use.
 */

export const ROUTES = {
  home: '/',
  explore: '/explore',
  profile: '/profile/:userHandler',
  post: '/post/:postId',
  settings: '/settings',
  moderation: '/moderation',
  tag: '/tag/:tag',
  /** Post search: `?q=` holds the query. */
  search: '/search',
  notifications: '/notifications',
  login: '/login',
  signup: '/signup',
  mockman: '/mockman',
} as const;

export type RouteName = keyof typeof ROUTES;

/** ':a' segments of a pattern, e.g. '/post/:postId' → 'postId'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters of a route, e.g. RouteParams<'profile'> = { userHandler: string }. */
export type RouteParams<N extends RouteName> = { readonly [K in ParamNames<(typeof ROUTES)[N]>]: string };

/** Routes without parameters take no second argument; the others require theirs. */
type PathArgs<N extends RouteName> = [ParamNames<(typeof ROUTES)[N]>] extends [never] ? [] : [params: RouteParams<N>];

/** Builds a path: pathTo('profile', { userHandler: 'ada' }) → '/profile/ada'. Values are percent-encoded. */
export function pathTo<N extends RouteName>(name: N, ...args: PathArgs<N>): string {
  const params = (args[0] ?? {}) as Record<string, string>;
  return ROUTES[name].replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    // An empty segment would build a path that no route matches: fail where the mistake is.
    if (typeof value !== 'string' || value === '') throw new Error(`pathTo('${name}') needs a non-empty ${key}.`);
    return encodeURIComponent(value);
  });
}

/** The post search's page for a query: /search?q=… */
export const searchPath = (query: string): string => `${ROUTES.search}?q=${encodeURIComponent(query)}`;

/** Parses a pathname against one route: its decoded parameters, or null when it does not match. */
export function matchPath<N extends RouteName>(name: N, pathname: string): RouteParams<N> | null {
  const pattern = ROUTES[name].split('/');
  // A trailing slash is the same page ('/explore/' is '/explore').
  const parts = pathname.length > 1 ? pathname.replace(/\/+$/, '').split('/') : pathname.split('/');
  if (parts.length !== pattern.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const want = pattern[i]!;
    const got = parts[i]!;
    if (want.startsWith(':')) {
      if (got === '') return null;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null; // a broken percent-escape names nothing
      }
    } else if (want !== got) {
      return null;
    }
  }
  return params as RouteParams<N>;
}

/** Which route a pathname is, with its parameters (null for an unknown path). */
export function parsePath(pathname: string): { [N in RouteName]: { name: N; params: RouteParams<N> } }[RouteName] | null {
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const params = matchPath(name, pathname);
    if (params) return { name, params } as { name: typeof name; params: RouteParams<typeof name> };
  }
  return null;
}
