/**
 * Every path of the product, built and parsed in one place (shared as a singleton like the bus).
 * The shell mounts its <Route>s from ROUTES, links are built with pathTo(), and a page reads
 * its parameters with useRouteParams(): renaming a parameter here fails `npm run typecheck`
 * at every caller instead of showing "member doesn't exist" at run time. The paths and their
 * parsing are in ./paths.ts (no React: the service worker reads them); the hooks are here.
 */
import { useLocation } from 'react-router-dom';
import { matchPath, ROUTES, type RouteName, type RouteParams } from './paths';

export * from './paths';

/** Whether the current location is this route (e.g. a card that knows it is on its own post page). */
export function useRouteMatch<N extends RouteName>(name: N): RouteParams<N> | null {
  return matchPath(name, useLocation().pathname);
}

/**
 * The parameters of the route a page is mounted on. A page mounted elsewhere is a wiring
 * mistake: it throws (the remote's error boundary says so) instead of reading ''.
 */
export function useRouteParams<N extends RouteName>(name: N): RouteParams<N> {
  const { pathname } = useLocation();
  const params = matchPath(name, pathname);
  if (!params) throw new Error(`This page reads the ${name} route (${ROUTES[name]}) but is shown at ${pathname}.`);
  return params;
}
