/**
 * What the service worker (./sw.ts) caches and how, as plain functions (tested in
 * shell/test/offline-caching.test.ts).
 */

/** Pages (navigations), network first. */
export const PAGES_CACHE = 'orbit-pages';
/** remotes.json, manifests, remote entries: network first, so a redeployed remote is used on the next load. */
export const ENTRIES_CACHE = 'orbit-entries';
/** Files whose name carries their content hash: cache first. */
export const CHUNKS_CACHE = 'orbit-chunks';
/** The shell's own files whose name carries no hash (index.html, icons, manifest.webmanifest, robots.txt). */
export const SHELL_CACHE = 'orbit-shell';

const ENTRY_FILES = new Set(['remotes.json', 'mf-manifest.json', 'remoteEntry.js', 'federation-runtime-core.js']);

/** A file that names the current build of an app (never hashed, served with no-cache). */
export function isEntryFile(url: URL): boolean {
  return ENTRY_FILES.has(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
}

/** `name.0123abcd.js` / `.css`: the build's content hash is in the name, so a cached copy is always right. */
export function isHashedFile(url: URL): boolean {
  return /\.[0-9a-f]{8}\.(js|css)$/.test(url.pathname);
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}
interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: ManifestAssets }[];
}

/**
 * Every file the served config's remotes name now: each remote's manifest (read with
 * `readManifest`, which may cache it), its remoteEntry.js and its exposed modules' files, as
 * absolute URLs. Keys whose value is not an http(s) address, and `apiBaseUrl`, are skipped.
 */
export async function remoteFiles(config: unknown, base: string, readManifest: (url: string) => Promise<unknown>): Promise<string[]> {
  if (!config || typeof config !== 'object') return [];
  const files = new Set<string>();
  await Promise.all(
    Object.entries(config as Record<string, unknown>).map(async ([key, value]) => {
      if (key === 'apiBaseUrl' || typeof value !== 'string') return;
      let url: URL;
      try {
        url = new URL(value, base);
      } catch {
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      // A remote is named by its manifest (…/mf-manifest.json) or its entry (…/remoteEntry.js); anything else is not a remote.
      if (!url.pathname.endsWith('.json') && !url.pathname.endsWith('.js')) return;
      if (url.pathname.endsWith('.js')) {
        files.add(url.href);
        return;
      }
      let manifest: Manifest;
      try {
        manifest = ((await readManifest(url.href)) ?? {}) as Manifest;
      } catch {
        return;
      }
      const publicPath = manifest.metaData?.publicPath;
      const root = publicPath && publicPath !== 'auto' ? new URL(publicPath, url).href : url.href.slice(0, url.href.lastIndexOf('/') + 1);
      const entry = manifest.metaData?.remoteEntry;
      if (entry?.name) files.add(new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, root).href);
      for (const expose of manifest.exposes ?? []) {
        for (const kind of [expose.assets?.js, expose.assets?.css]) {
          for (const file of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) files.add(new URL(file, root).href);
        }
      }
    }),
  );
  return [...files];
}

/** One file of the shell's build as tools/sw/webpack.js lists it (the SHA-256 of its content as its revision). */
export type ShellListEntry = string | { url: string; revision: string | null };

/**
 * The shell's build list as absolute URLs: hashed files (kept with every app's, cache first)
 * and named ones (kept in SHELL_CACHE with their revision).
 */
export function shellFiles(list: ShellListEntry[], base: string): { hashed: string[]; named: { url: string; revision: string | null }[] } {
  const hashed: string[] = [];
  const named: { url: string; revision: string | null }[] = [];
  for (const entry of list) {
    const { url, revision } = typeof entry === 'string' ? { url: entry, revision: null } : entry;
    const absolute = new URL(url, base);
    if (isHashedFile(absolute)) hashed.push(absolute.href);
    else named.push({ url: absolute.href, revision });
  }
  return { hashed, named };
}
