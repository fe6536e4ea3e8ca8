/**
 * The domain events an operation causes, named by the operation itself (never found afterwards
 * by comparing data). Their kinds and data are the live events of ../contract-live.ts: the fake
 * backend posts them on LIVE_CHANNEL, api-server writes them to its change log in the write's
 * own transaction (docs/live.md).
 */
import type { LiveEventData, LiveEventKind } from '../contract-live';

export type DomainEvent = { [K in LiveEventKind]: { kind: K; data: LiveEventData[K] } }[LiveEventKind];

/** What an operation answers: its result and the events it caused, in the order a reader applies them. */
export interface Outcome<T> {
  result: T;
  events: DomainEvent[];
}
