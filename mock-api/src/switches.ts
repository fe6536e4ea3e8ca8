/**
 * The fake backend's start-up switches in the page's address (no MirageJS here: the page reads
 * them and hands them to the backend, in the page or in the service worker):
 *   `?reset-data`      back to the seed;
 *   `?seed-posts=1000` back to the seed plus 1,000 generated posts (benchmarks);
 *   `?api-delay=0`     answer with that delay (ms) instead of 400 (benchmarks); left in the address.
 * `reset-data` and `seed-posts` are removed from the address bar once read.
 */
export interface UrlSwitches {
  reset: boolean;
  seedPosts?: number;
  timing?: number;
}

/** Reads and removes the start-up switches from the address bar. */
export function takeUrlSwitches(address?: string): UrlSwitches {
  if (typeof window === 'undefined' || !window.location) return { reset: false };
  const switches = new URL(address ?? window.location.href, window.location.href).searchParams;
  const reset = switches.has('reset-data');
  const wholeNumber = (raw: string | null) => {
    const parsed = raw === null ? NaN : Number.parseInt(raw, 10);
    return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
  };
  const seedPosts = wholeNumber(switches.get('seed-posts'));
  const timing = wholeNumber(switches.get('api-delay'));
  const url = new URL(window.location.href);
  if (url.searchParams.has('reset-data') || url.searchParams.has('seed-posts')) {
    url.searchParams.delete('reset-data');
    url.searchParams.delete('seed-posts');
    try {
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    } catch {
      // Some sandboxed pages refuse replaceState; the switch still applied.
    }
  }
  return { reset: reset || seedPosts !== undefined, seedPosts, timing };
}
