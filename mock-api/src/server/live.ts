/**
 * Live events of the in-browser backend (docs/live.md): after every committed write (v1 or v2
 * alike), the events its core operation named (../core/events.ts) go out on the
 * BroadcastChannel LIVE_CHANNEL, the same kinds and shapes api-server streams at
 * GET /api/v2/events (../contract-live.ts). Every page of the site listening on that channel
 * gets them, this tab's own pages included (a BroadcastChannel delivers to every other channel
 * object of the same name, in this page too). The channel is not filtered, so each message also
 * names, for each member whose lists hide an author its events show (blocked either way, or
 * muted: ./safety-filters.ts), those authors, and a page leaves out what its member may not see
 * (LiveChannelMessage). Nothing here reads or writes storage, so the backend can call it from a
 * page or a service worker.
 */
import { authorsIn, LIVE_CHANNEL, type LiveChannelMessage, type LiveEvent } from '../contract-live';
import type { DomainEvent } from '../core/events';
import { membersHiding } from './safety-filters';
import type { Db } from './store';
import { nowIso } from '../core/time';

/** At most this many events per write; a write that makes more sends `reset` instead. */
export const MAX_EVENTS_PER_WRITE = 64;

/**
 * Numbers events and posts them on LIVE_CHANNEL. Ids grow within the site (the origin): a
 * write's id is `revision * MAX_EVENTS_PER_WRITE + n`, where `revision` is the stored data's
 * revision, one sequence for the whole site (one backend serves every tab from the service
 * worker, and IndexedDB orders a second instance's writes). Without storage (data in memory),
 * the publisher counts writes itself.
 */
export class LivePublisher {
  private channel: BroadcastChannel | null | undefined;
  private writes = 0;

  /** `channel`: where to post (tests); by default LIVE_CHANNEL, opened on the first event. */
  constructor(channel?: BroadcastChannel | null) {
    this.channel = channel;
  }

  private open(): BroadcastChannel | null {
    if (this.channel === undefined) {
      this.channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(LIVE_CHANNEL) : null;
      // In Node (tests, benches) an open channel must not keep the process alive.
      (this.channel as { unref?: () => void } | null)?.unref?.();
    }
    return this.channel;
  }

  /**
   * Numbers and posts `events`; answers them as sent. `revision`: the stored revision the write
   * made, when stored. `db`: the data as the write left it, which says whose lists hide the
   * events' authors (none without it).
   */
  publish(events: DomainEvent[], revision?: number, db?: Db): LiveEvent[] {
    this.writes = revision ?? this.writes + 1;
    const channel = events.length === 0 ? null : this.open();
    if (!channel) return [];
    const bodies: DomainEvent[] = events.length > MAX_EVENTS_PER_WRITE ? [{ kind: 'reset', data: { reason: 'data-reset' } }] : events;
    const base = this.writes * MAX_EVENTS_PER_WRITE;
    const sent = bodies.map((body, n) => ({ id: String(base + n), ...body }) as LiveEvent);
    const authors = new Set(sent.flatMap(authorsIn));
    const hiding = db ? membersHiding(db, authors, nowIso()) : new Map<string, Set<string>>();
    const message: LiveChannelMessage = {
      events: sent,
      hiddenAuthors: Object.fromEntries([...hiding].map(([memberId, hidden]) => [memberId, [...hidden]])),
    };
    try {
      channel.postMessage(message);
    } catch (error) {
      // A closed channel or an uncloneable value: the pages refetch on focus instead.
      console.warn('mock-api: could not publish live events', error);
    }
    return sent;
  }

  /** The whole data changed (back to the seed): every page refetches. */
  publishReset(revision?: number): LiveEvent[] {
    return this.publish([{ kind: 'reset', data: { reason: 'data-reset' } }], revision);
  }

  close(): void {
    this.channel?.close();
    this.channel = null;
  }
}
