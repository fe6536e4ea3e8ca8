/**
 * How the shell gets a backend. Today: the in-browser fake backend (MirageJS + seed), loaded
 * only when the first /api call is made (the bus awaits it before each call), so pages that
 * call no API, like /login, never download it.
 */
export function startBackend(openedAt: string): Promise<unknown> {
  return import(/* webpackChunkName: "mock-api" */ '@social/mock-api/server').then((m) => m.startServer({ url: openedAt }));
}
