/** What a feature's route file gets: register a read or a write under the `/api` namespace. */
import { API_V2_PREFIX, V2_ROUTES, type V2RouteName } from '../../contract-v2';
import type { DomainEvent, Outcome } from '../../core/events';
import type { Actor } from '../../core/operation';
import type { Answer, Ctx, Handler, WriteHandler } from '../backend';

export type Method = 'get' | 'post' | 'delete' | 'put' | 'patch';

export interface RouteKit {
  read(method: Method, path: string, handler: Handler): void;
  write(method: Method, path: string, handler: WriteHandler): void;
}

/** The path under /api of a v2 call (mock-api/src/contract-v2.ts, V2_ROUTES). */
const v2Path = (name: V2RouteName) => `${API_V2_PREFIX.replace(/^\/api/, '')}${V2_ROUTES[name][1]}`;

/** Registers a v2 read by its contract name. */
export function v2Read(r: RouteKit, name: V2RouteName, handler: Handler): void {
  r.read(V2_ROUTES[name][0] === 'GET' ? 'get' : 'post', v2Path(name), handler);
}

/** Registers a v2 write by its contract name. */
export function v2Write(r: RouteKit, name: V2RouteName, handler: WriteHandler): void {
  r.write(V2_ROUTES[name][0] === 'DELETE' ? 'delete' : 'post', v2Path(name), handler);
}

export function ok(body: unknown): Answer;
/** `events`: what the write caused, as its core operation named them (they go out once it is stored). */
export function ok(body: unknown, events: DomainEvent[]): Answer & { events: DomainEvent[] };
export function ok(body: unknown, events?: DomainEvent[]): Answer {
  return { status: 200, body, events };
}
export function created(body: unknown): Answer;
export function created(body: unknown, events: DomainEvent[]): Answer & { events: DomainEvent[] };
export function created(body: unknown, events?: DomainEvent[]): Answer {
  return { status: 201, body, events };
}

/** The caller as a core operation's actor, with the request's one timestamp. */
export const actorOf = (ctx: Ctx): Actor => ({ memberId: ctx.caller()._id, now: ctx.now });

/** An operation's outcome answered as `status` with `body(result)`, carrying its events. */
export const answered = <T>(status: 200 | 201, outcome: Outcome<T>, body: (result: T) => unknown) => ({
  status,
  body: body(outcome.result),
  events: outcome.events,
});
