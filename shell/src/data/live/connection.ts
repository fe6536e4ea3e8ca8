/**
 * The page's one live connection (docs/live.md), open while a member is signed in:
 * - against api-server (the served config names an `apiBaseUrl`): an EventSource on
 *   GET /api/v2/events, which reconnects by itself and replays from its Last-Event-ID;
 * - on the in-browser backend: the BroadcastChannel LIVE_CHANNEL, on which the fake backend
 *   posts each write's events (this page's own writes included).
 * Each event is applied to the query cache (./apply.ts). Sign-out closes the connection and
 * forgets what it held.
 */
import type { QueryClient } from '@tanstack/react-query';
import { LIVE_CHANNEL, LIVE_EVENT_KINDS, LIVE_EVENTS_PATH, type LiveEvent, type LiveEventKind } from '@social/mock-api/contract-live';
import { api, apiBaseUrl, auth$, toast, whenBackendReady } from '@social/shell/bus';
import { applyLiveEvent, type LiveContext } from './apply';
import { forgetDeletedPosts } from './deleted';
import { clearNewPosts } from './new-posts';

export interface LiveSource {
  close(): void;
}

/** Opens the transport for the backend in use; `onEvents` gets events in order. */
export type OpenSource = (onEvents: (events: LiveEvent[]) => void) => LiveSource | null;

function parse(kind: LiveEventKind, message: MessageEvent<string>): LiveEvent | null {
  try {
    return { id: message.lastEventId, kind, data: JSON.parse(message.data) } as LiveEvent;
  } catch {
    return null;
  }
}

/** The transport the backend in use has: EventSource on api-server, else the fake backend's channel. */
export const openDefaultSource: OpenSource = (onEvents) => {
  const base = apiBaseUrl();
  if (base) {
    if (typeof EventSource === 'undefined') return null;
    const source = new EventSource(`${base}/api/v2${LIVE_EVENTS_PATH}`);
    for (const kind of LIVE_EVENT_KINDS) {
      source.addEventListener(kind, (message) => {
        const event = parse(kind, message);
        if (event) onEvents([event]);
      });
    }
    return source;
  }
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = (message: MessageEvent<unknown>) => {
    if (Array.isArray(message.data)) onEvents(message.data as LiveEvent[]);
  };
  return channel;
};

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

  const close = () => {
    generation += 1;
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
    void whenBackendReady().then(
      () => {
        if (mine !== generation) return;
        source = open((events) => {
          if (mine !== generation) return;
          for (const event of events) {
            try {
              void applyLiveEvent(event, ctx);
            } catch (error) {
              console.warn('live: could not apply an event', event.kind, error);
            }
          }
        });
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
