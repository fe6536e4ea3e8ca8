/**
 * Live events in component tests (docs/live.md): the page's live connection with a test source
 * instead of EventSource or the BroadcastChannel, so a test sends events as a stream would. The
 * real transports are covered end to end in e2e/live.e2e.ts.
 */
import { act } from '@testing-library/react';
import type { LiveEvent } from '@social/mock-api/contract-live';
import { connectLive, queryClient, type LiveConnection } from '@social/shell/data';

/** Opens a test-sourced live connection before each test and stops it after; `send` delivers events in order, each with the next id. */
export function setUpLiveSource(): { send: (...events: Omit<LiveEvent, 'id'>[]) => Promise<void> } {
  let connection: LiveConnection;
  let emit: (events: LiveEvent[]) => void;
  let opened: Promise<void>;
  let nextId = 1;
  beforeEach(() => {
    let resolveOpened: () => void;
    opened = new Promise((resolve) => {
      resolveOpened = resolve;
    });
    connection = connectLive(queryClient, (onEvents) => {
      emit = onEvents;
      resolveOpened();
      return { close: () => undefined };
    });
  });
  afterEach(() => connection.stop());
  return {
    send: async (...events) => {
      // The connection opens its source once the backend is ready; events wait for it.
      await opened;
      act(() => emit(events.map((event) => ({ ...event, id: String(nextId++) }) as LiveEvent)));
    },
  };
}
