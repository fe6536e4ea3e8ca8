/** What a feature's route file gets: register a read or a write under the `/api` namespace. */
import { API_V2_PREFIX, V2_ROUTES, type V2RouteName } from '../../contract-v2';
import type { DomainEvent, Outcome } from '../../core/events';
import type { Actor } from '../../core/operation';
import type { Ctx, Handler } from '../backend';

export type Method = 'get' | 'post' | 'delete' | 'put' | 'patch';

export interface RouteKit {
  read(method: Method, path: string, handler: Handler): void;
  write(method: Method, path: string, handler: Handler): void;
}

/** Registers a v2 call by its contract name (mock-api/src/contract-v2.ts, V2_ROUTES): a GET is a read, the rest writes. */
export function v2Route(r: RouteKit, name: V2RouteName, handler: Handler): void {
  const [method, path] = V2_ROUTES[name];
  const full = `${API_V2_PREFIX.replace(/^\/api/, '')}${path}`;
  if (method === 'GET') r.read('get', full, handler);
  else r.write(method === 'POST' ? 'post' : 'delete', full, handler);
}

/** `events`: what the write caused, as its core operation named them (they go out once it is stored). */
export const ok = (body: unknown, events?: DomainEvent[]) => ({ status: 200, body, events });
export const created = (body: unknown, events?: DomainEvent[]) => ({ status: 201, body, events });

/** The caller as a core operation's actor, with the request's one timestamp. */
export const actorOf = (ctx: Ctx): Actor => ({ memberId: ctx.caller()._id, now: ctx.now });

/** An operation's outcome answered as `status` with `body(result)`, carrying its events. */
export const answered = <T>(status: 200 | 201, outcome: Outcome<T>, body: (result: T) => unknown) => ({
  status,
  body: body(outcome.result),
  events: outcome.events,
});
