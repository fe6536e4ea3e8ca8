/**
 * A page listening on LIVE_CHANNEL, for the tests of the fake backend's live events (in the page
 * and in the worker). Node's BroadcastChannel delivers between the channels of one process, as
 * a browser does between a service worker and its pages (jsdom has none of its own).
 */
import { BroadcastChannel as NodeBroadcastChannel } from 'worker_threads';
import { LIVE_CHANNEL, type LiveChannelMessage, type LiveEvent } from '../../src/contract-live';

export interface LiveListener {
  /** The events received since the test began or the last clear(), in order. */
  readonly received: LiveEvent[];
  clear(): void;
  /** Waits until an event matching `test` has arrived (a channel delivers in a later task); bounded at 5 s. */
  waitFor(test: (event: LiveEvent) => boolean): Promise<LiveEvent>;
}

/** Listens before each test and stops after it. */
export function listenOnLiveChannel(): LiveListener {
  let received: LiveEvent[] = [];
  let channel: NodeBroadcastChannel | null = null;
  beforeEach(() => {
    received = [];
    channel = new NodeBroadcastChannel(LIVE_CHANNEL);
    channel.onmessage = (message) => {
      received.push(...(message as { data: LiveChannelMessage }).data.events);
    };
  });
  afterEach(() => channel?.close());
  return {
    get received() {
      return received;
    },
    clear() {
      received = [];
    },
    async waitFor(test) {
      for (let i = 0; i < 500; i += 1) {
        const found = received.find(test);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no such event among ${JSON.stringify(received.map((e) => e.kind))}`);
    },
  };
}
