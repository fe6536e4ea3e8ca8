/**
 * The page's one live connection (docs/live.md), open while a member is signed in:
 * - against api-server (the served config names an `apiBaseUrl`): an EventSource on
 *   GET /api/v2/events, opened with a one-time ticket (so the stream carries the member's private
 *   events too, and no token goes in the URL); after an error it is opened again with a new
 *   ticket, from the last event this page got;
 * - on the in-browser backend: the BroadcastChannel LIVE_CHANNEL, on which the fake backend
 *   posts each write's events (this page's own writes included), less the posts, comments and
 *   replies of the authors the member's lists hide (channelEventsFor), as api-server's ticketed
 *   stream leaves them out.
 * Each event is applied to the query cache (./apply.ts). Sign-out closes the connection and
 * forgets what it held.
 *
 * api-server's stream sends what the open pages show (its query: the member's home feed, and
 * ./topics.ts: explore, the posts whose comments are on screen). When a page shows something
 * the stream does not send, the EventSource is opened again with the new query and the last id
 * this page got, so the server replays what the new set adds since then. The in-browser backend's channel is not filtered
 * (every tab of one browser), so it stays open.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  LAST_EVENT_ID_PARAM,
  LIVE_CHANNEL,
  LIVE_EVENT_KINDS,
  LIVE_EVENTS_PATH,
  LIVE_TICKET_PARAM,
  LIVE_TOPIC_PARAMS,
  liveEventSeenBy,
  type LiveChannelMessage,
  type LiveEvent,
  type LiveEventKind,
  type LiveTopics,
} from '@social/mock-api/contract-live';
import { api, apiBaseUrl, auth$, toast, whenBackendReady } from '@social/shell/bus';
import { queryKeys } from '../client';
import { applyLiveEvent, type LiveContext } from './apply';
import { forgetDeletedPosts } from './deleted';
import { clearNewPosts } from './new-posts';
import { onOpenTopics, openTopics, type OpenTopics } from './topics';

export interface LiveSource {
  close(): void;
  /** It sends only what its topics asked for (api-server's stream): it is opened again when they change. */
  byTopics?: boolean;
}

/** What a source is opened with. */
export interface LiveRequest {
  /** What the open pages show. */
  topics: LiveTopics;
  /** The id of the last event this page got (null: none yet): a source opened again goes on from it. */
  lastEventId: string | null;
}

/**
 * Opens the transport for the backend in use; `onEvents` gets events in order. `onClosed` is
 * called when the source has stopped for good (it is then opened again after a delay).
 */
export type OpenSource = (onEvents: (events: LiveEvent[]) => void, request: LiveRequest, onClosed: () => void) => LiveSource | null;

/**
 * How long to wait before opening a source that stopped for good again: 2 s, doubling up to a
 * minute, and back to 2 s once an event comes.
 */
export const REOPEN_DELAYS_MS = { first: 2000, max: 60_000 } as const;

/** api-server's stream URL for a request (`?home=…&explore=1&post=…&lastEventId=…&ticket=…`). */
export function liveEventsUrl(base: string, { topics, lastEventId }: LiveRequest, ticket?: string): string {
  const query = new URLSearchParams();
  if (topics.home) query.set(LIVE_TOPIC_PARAMS.home, topics.home);
  if (topics.explore) query.set(LIVE_TOPIC_PARAMS.explore, '1');
  for (const post of topics.posts) query.append(LIVE_TOPIC_PARAMS.post, post);
  // A hand-made reconnect's Last-Event-ID (EventSource's own reconnects send the header, which wins).
  if (lastEventId) query.set(LAST_EVENT_ID_PARAM, lastEventId);
  if (ticket) query.set(LIVE_TICKET_PARAM, ticket);
  const text = query.toString();
  return `${base}/api/v2${LIVE_EVENTS_PATH}${text ? `?${text}` : ''}`;
}

function parse(kind: LiveEventKind, message: MessageEvent<string>): LiveEvent | null {
  try {
    return { id: message.lastEventId, kind, data: JSON.parse(message.data) } as LiveEvent;
  } catch {
    return null;
  }
}

/**
 * What `memberId`'s page keeps of a LIVE_CHANNEL message: the channel carries every event of the
 * browser, and the message names the authors each member's lists hide (blocked either way, or
 * muted, when the write committed).
 */
function channelEventsFor(message: LiveChannelMessage, memberId: string): LiveEvent[] {
  const hidden = new Set(message.hiddenAuthors[memberId] ?? []);
  return message.events.flatMap((event) => liveEventSeenBy(event, hidden) ?? []);
}

/** The transport the backend in use has: EventSource on api-server, else the fake backend's channel. */
export const openDefaultSource: OpenSource = (onEvents, request, onClosed) => {
  const base = apiBaseUrl();
  if (base) {
    if (typeof EventSource === 'undefined') return null;
    let source: EventSource | null = null;
    let closed = false;
    const stop = () => {
      if (closed) return;
      closed = true;
      source?.close();
      onClosed();
    };
    api.v2.live.ticket().then(({ ticket }) => {
      if (closed) return;
      const opened = new EventSource(liveEventsUrl(base, request, ticket));
      source = opened;
      // Its ticket is used: EventSource's own reconnect would be refused, so any error closes it
      // and the connection opens a new one, with a new ticket, from the last event it got.
      opened.addEventListener('error', stop);
      for (const kind of LIVE_EVENT_KINDS) {
        opened.addEventListener(kind, (message) => {
          const event = parse(kind, message);
          if (event) onEvents([event]);
        });
      }
    }, stop);
    return {
      close: () => {
        closed = true;
        source?.close();
      },
      byTopics: true,
    };
  }
  const memberId = auth$.value?.user._id;
  if (typeof BroadcastChannel === 'undefined' || !memberId) return null;
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = (message: MessageEvent<Partial<LiveChannelMessage> | null>) => {
    const { events, hiddenAuthors } = message.data ?? {};
    if (!Array.isArray(events) || typeof hiddenAuthors !== 'object' || hiddenAuthors === null) return;
    const kept = channelEventsFor({ events, hiddenAuthors }, memberId);
    if (kept.length > 0) onEvents(kept);
  };
  return channel;
};

/** Whether `now` shows something `asked` did not ask for. */
const adds = (now: OpenTopics, asked: OpenTopics): boolean =>
  (now.explore && !asked.explore) || now.posts.some((postId) => !asked.posts.includes(postId));

/** Whom the member follows, as far as this page knows (filled by asking, kept by follow.changed). */
class HomeAuthors {
  private readonly known = new Map<string, boolean>();
  private readonly asking = new Map<string, Promise<boolean>>();

  get(authorId: string): boolean | null {
    return this.known.get(authorId) ?? null;
  }

  set(authorId: string, inHome: boolean): void {
    this.known.set(authorId, inHome);
  }

  ask(authorId: string): Promise<boolean> {
    let asked = this.asking.get(authorId);
    if (!asked) {
      // The server's home feed: the member's own posts, their followers' and whom they follow.
      asked = api.v2.members.byId(authorId).then(
        ({ member }) => {
          const yes = !!member.viewerFollows || !!member.followsViewer;
          this.known.set(authorId, yes);
          return yes;
        },
        () => false,
      );
      this.asking.set(authorId, asked);
      void asked.finally(() => this.asking.delete(authorId));
    }
    return asked;
  }
}

export interface LiveConnection {
  stop(): void;
}

/**
 * Follows the session: opens the live source when a member signs in, closes it on sign-out
 * (or when another member signs in, then opens a new one). Answers a handle that stops it all.
 */
export function connectLive(client: QueryClient, open: OpenSource = openDefaultSource): LiveConnection {
  let source: LiveSource | null = null;
  let sessionToken: string | null = null;
  let generation = 0;
  let authors = new HomeAuthors();
  let stopTopics: (() => void) | null = null;

  // A try to open a source that stopped for good, waiting (one per connection at most).
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    generation += 1;
    clearTimeout(reopenTimer);
    stopTopics?.();
    stopTopics = null;
    source?.close();
    source = null;
    clearNewPosts();
    forgetDeletedPosts();
    authors = new HomeAuthors();
  };

  const start = (myId: string) => {
    const mine = ++generation;
    const followed = authors;
    const ctx: LiveContext = {
      client,
      myId,
      inHomeFeed: (authorId) => followed.get(authorId),
      askHomeFeed: (authorId) => followed.ask(authorId),
      followChanged: (followeeId, following) => {
        // Following someone puts them in the home feed; unfollowing leaves them only if they follow the member.
        if (following) followed.set(followeeId, true);
        else
          followed.set(
            followeeId,
            client.getQueryData<{ followsViewer?: boolean }>(['member', followeeId])?.followsViewer === true ? true : false,
          );
      },
      notify: (message) => toast('info', message),
    };
    let lastEventId: string | null = null;
    let asked = openTopics();
    let opened = 0;
    let reopenDelay: number = REOPEN_DELAYS_MS.first;
    const openSource = () => {
      clearTimeout(reopenTimer);
      asked = openTopics();
      const current = ++opened;
      // A source that stopped for good is opened again from the last id, so nothing is missed.
      const onClosed = () => {
        if (mine !== generation || current !== opened) return;
        reopenTimer = setTimeout(() => {
          if (mine === generation && current === opened) openSource();
        }, reopenDelay);
        reopenDelay = Math.min(reopenDelay * 2, REOPEN_DELAYS_MS.max);
      };
      source = open(
        (events) => {
          // A source closed for a new one says nothing more (its events come again from the new one).
          if (mine !== generation || current !== opened) return;
          reopenDelay = REOPEN_DELAYS_MS.first;
          for (const event of events) {
            lastEventId = event.id;
            try {
              void applyLiveEvent(event, ctx);
            } catch (error) {
              console.warn('live: could not apply an event', event.kind, error);
            }
          }
        },
        { topics: { home: myId, ...asked }, lastEventId },
        onClosed,
      );
    };
    stopTopics = onOpenTopics((topics) => {
      // Only a page that shows something the stream does not send opens it again. A page that
      // closes alone does not: the stream sends a little more until the next reconnect.
      if (mine !== generation || !source?.byTopics || !adds(topics, asked)) return;
      const before = asked;
      source.close();
      openSource();
      // Comments of a post no page shows any more get no events now: read again when shown.
      for (const postId of before.posts)
        if (!topics.posts.includes(postId))
          void client.invalidateQueries({ queryKey: queryKeys.comments(postId), exact: true, refetchType: 'none' });
    });
    void whenBackendReady().then(
      () => {
        if (mine === generation) openSource();
      },
      () => undefined,
    );
  };

  const subscription = auth$.subscribe((auth) => {
    const token = auth?.token ?? null;
    if (token === sessionToken) return;
    sessionToken = token;
    close();
    if (auth) start(auth.user._id);
  });

  return {
    stop: () => {
      subscription.unsubscribe();
      sessionToken = null;
      close();
    },
  };
}
