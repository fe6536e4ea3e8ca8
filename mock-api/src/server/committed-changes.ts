/**
 * Where every change the backend commits goes out, once: its live events on LIVE_CHANNEL
 * (./live.ts, docs/live.md), then the backend's `onChange` (the worker tells the other tabs).
 */
import { LivePublisher } from './live';
import type { Snapshot } from './write-snapshot';

/** What one stored write or reset changed: the ids of the members and posts added, changed or removed. */
export interface Committed {
  /** The storage revision this change made (0 without storage). */
  revision: number;
  /** Everything changed (a reset): reload all. */
  full: boolean;
  users: string[];
  posts: string[];
}

export type OnChange = (clientId: string | undefined, committed: Committed) => void;

export class ChangePublisher {
  /** Each committed write's live events, to every page of the site (./live.ts, docs/live.md). */
  private readonly live = new LivePublisher();

  constructor(private readonly onChange?: OnChange) {}

  close(): void {
    this.live.close();
  }

  /**
   * A change that was committed (`write`: the write's snapshot; none for a reset): its live
   * events go out (with its storage revision when `stored`), then `onChange` is told.
   */
  committed(clientId: string | undefined, change: Committed, stored: boolean, write?: Snapshot): void {
    const revision = stored ? change.revision : undefined;
    if (write) this.publishLive(write, revision);
    else this.live.publishReset(revision);
    this.onChange?.(clientId, change);
  }

  /** The live events of the write just committed, as its operation named them. */
  private publishLive(snapshot: Snapshot, revision?: number): void {
    this.live.publish(snapshot.events, revision);
  }
}
