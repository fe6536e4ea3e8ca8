/**
 * What the open pages show, for the live stream's query (docs/live.md "What a stream gets"):
 * the read hooks that show something live say so while they are mounted (`useLiveTopic`):
 * the explore feed (`explore`) and a post's comments (`post:<id>`). The home feed is always
 * asked for while a member is signed in (./connection.ts), so its waiting posts keep coming on
 * other pages.
 *
 * A route change unmounts one page and mounts the next in the same commit: the listeners hear
 * the set once, in a microtask after that commit (each compares it with what it asked for).
 */
import { useEffect } from 'react';
import { LIVE_MAX_POSTS } from '@social/mock-api/contract-live';

/** One thing a page shows live. */
export type LiveTopic = 'explore' | `post:${string}`;

/** What the open pages show (the home feed aside). */
export interface OpenTopics {
  explore: boolean;
  /** Newest first, at most LIVE_MAX_POSTS. */
  posts: readonly string[];
}

/** Each topic with how many mounted hooks show it, in the order they came. */
const held = new Map<LiveTopic, number>();
const listeners = new Set<(topics: OpenTopics) => void>();
let scheduled = false;

export function openTopics(): OpenTopics {
  const posts = [...held.keys()]
    .filter((t) => t.startsWith('post:'))
    .map((t) => t.slice('post:'.length))
    .reverse()
    .slice(0, LIVE_MAX_POSTS);
  return { explore: held.has('explore'), posts };
}

function changed(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    const topics = openTopics();
    for (const listener of [...listeners]) listener(topics);
  });
}

/** Shows `topic` until the answered function is called. */
function holdLiveTopic(topic: LiveTopic): () => void {
  held.set(topic, (held.get(topic) ?? 0) + 1);
  changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const n = (held.get(topic) ?? 1) - 1;
    if (n > 0) held.set(topic, n);
    else held.delete(topic);
    changed();
  };
}

/** While mounted, the live stream brings what `topic` needs (null: nothing). */
export function useLiveTopic(topic: LiveTopic | null): void {
  useEffect(() => (topic ? holdLiveTopic(topic) : undefined), [topic]);
}

/** Hears the open topics after each turn that held or released one. */
export function onOpenTopics(listener: (topics: OpenTopics) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
