/**
 * Where every change the backend commits goes out, once: its live events on LIVE_CHANNEL
 * (./live.ts, docs/live.md), then the backend's `onChange` (the worker tells the other tabs).
 */
import type { ImageStore } from './image-store';
import { liveEventsOf, LivePublisher } from './live';
import { membershipOf, type Db } from './store';
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

  constructor(
    private readonly data: { readonly db: Db; readonly images: ImageStore },
    private readonly onChange?: OnChange,
  ) {}

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

  /**
   * The live events of the write just committed: those its core operation named, or for a
   * write not on the core, those found from its snapshot (and what it added and removed).
   */
  private publishLive(snapshot: Snapshot, revision?: number): void {
    if (snapshot.events) {
      this.live.publish(snapshot.events, revision);
      return;
    }
    const { db, images } = this.data;
    try {
      const events = liveEventsOf({ db, touched: snapshot.touched, membership: membershipOf(db), pic: (pic) => images.display(pic) });
      this.live.publish(events, revision);
    } catch (error) {
      // The write is stored; the other pages catch up on focus or their next read.
      console.warn('mock-api: could not compute live events', error);
    }
  }
}
