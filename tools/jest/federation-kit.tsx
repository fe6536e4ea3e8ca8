/**
 * The federation runtime for component tests (jsdom cannot fetch a remote): `loadRemote('post/PostCard')`
 * gives the real module a remote exposes, found through that remote's webpack.config.js `exposes`,
 * so feed and profile tests render post-mfe's real card and composer and exercise the props
 * contract between them (shell/src/federation/contract.ts). Mapped in place of
 * '@module-federation/enhanced/runtime' by the jest.config.js of the workspaces that load remotes.
 *
 * Helpers for tests: `cardRenders` counts renders of each post's card (for memoisation checks),
 * `postIdOf`/`likeCountOf` read a rendered card as a member sees it, `failRemote` makes a remote unreachable.
 */
import React, { type ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import type { PostCardProps } from '@social/shell/federation';
import { parsePath } from '@social/shell/routes';
import path from 'path';

const root = path.resolve(__dirname, '..', '..');
const apps = jest.requireActual<Record<string, { name: string }>>('../apps');

type Configure = (
  env: object,
  argv: object,
) => {
  plugins: { constructor: { name: string }; _options?: { exposes?: Record<string, string> } }[];
};

/** 'post/PostCard' → absolute path of the file post-mfe exposes as ./PostCard. */
function exposedFile(id: string): string {
  const [remote, module] = id.split('/');
  const folder = Object.keys(apps).find((name) => apps[name]!.name === remote);
  if (!folder || !module) throw new Error(`No remote named in ${id}`);
  const configure = jest.requireActual<Configure>(path.join(root, folder, 'webpack.config.js'));
  const plugin = configure({}, { mode: 'development' }).plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
  const file = plugin?._options?.exposes?.[`./${module}`];
  if (!file) throw new Error(`${folder} exposes no ./${module}`);
  return path.join(root, folder, file);
}

/** How many times each post's card rendered (by post _id). */
export const cardRenders = new Map<string, number>();

/** The real card, counting its renders (what the feed's memoised list is judged by). */
function countingCard(Card: ComponentType<PostCardProps>) {
  return function CountedPostCard(props: PostCardProps) {
    cardRenders.set(props.post._id, (cardRenders.get(props.post._id) ?? 0) + 1);
    return <Card {...props} />;
  };
}

const unreachable = new Set<string>();

/** Makes every later load from this remote fail, as a remote that is down does (undo with `restoreRemotes`). */
export function failRemote(remote: string): void {
  unreachable.add(remote);
}
export function restoreRemotes(): void {
  unreachable.clear();
}

const loaded = new Map<string, Record<string, unknown>>();

export async function loadRemote<T>(id: string): Promise<T> {
  const remote = id.split('/')[0]!;
  if (unreachable.has(remote)) throw new Error(`Failed to fetch the ${remote} remote's manifest`);
  let module = loaded.get(id);
  if (!module) {
    const real = jest.requireActual<Record<string, unknown>>(exposedFile(id));
    module = id === 'post/PostCard' ? { ...real, default: countingCard(real.default as ComponentType<PostCardProps>) } : real;
    loaded.set(id, module);
  }
  return module as T;
}

// The rest of the runtime's surface the shell uses: nothing to register in a test.
export const registerRemotes = (): void => undefined;
export const registerPlugins = (): void => undefined;
export const registerGlobalPlugins = (): void => undefined;
export const satisfy = (): boolean => true;

/** The post id of a rendered card (from its Comments link, as a member would follow it). */
export function postIdOf(card: HTMLElement): string {
  const href = within(card).getByRole('link', { name: 'Comments' }).getAttribute('href') ?? '';
  const route = parsePath(href);
  if (route?.name !== 'post') throw new Error(`The card's Comments link ${href} is not a post page`);
  return route.params.postId;
}

/** Post ids of the cards on screen, top to bottom. */
export const shownPostIds = (): string[] => screen.queryAllByRole('article').map(postIdOf);

/** The like count shown on a card. */
export function likeCountOf(card: HTMLElement): number {
  return Number(within(card).getByRole('button', { name: 'Like' }).nextElementSibling?.textContent);
}
