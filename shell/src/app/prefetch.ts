import { filter, take } from 'rxjs';
import { auth$ } from '@social/shell/bus';
import { loadRemoteModule } from '@social/shell/federation';
import { matchPath } from '@social/shell/routes';

/** Resolves once the browser is idle after the next frame: the page on screen comes first. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 500 });
      else setTimeout(resolve, 0);
    });
  });
}

/** Resolves when the browser is idle (no frame to paint first: the page is already on screen). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });
}

/**
 * While a signed-out member is on /login or /signup, load what the home feed needs: its code
 * (feed page, post cards, the composer above them, and the data module with TanStack Query; a
 * remote that fails shows its Retry when the feed opens). Its data needs the member's token, so
 * the first home page and the suggested members (the feed is laid out with both) are asked for
 * the moment the member is signed in, while the route changes
 * and the feed's code starts (answered by the service worker, it costs this page only the
 * message and the parse).
 *
 * In small slices, each in its own idle period: one module at a time, so a member who taps the
 * e-mail box meanwhile waits for at most one module's start-up. Once the member sends the form,
 * what is left starts at once and side by side, while the login is answered: a member quicker
 * than the idle periods (a password manager) does not wait for the remotes one after another.
 */
export function prefetchWhileSignedOut(): void {
  if (auth$.value) return;
  const page = matchPath('signup', window.location.pathname) ? ('auth/SignupPage' as const) : ('auth/LoginPage' as const);
  const stillSignedOut = () => {
    const path = window.location.pathname;
    return !auth$.value && (matchPath('login', path) || matchPath('signup', path));
  };
  // Loaded, not only downloaded: after the click the feed renders without waiting for a remote.
  const slices: Array<() => Promise<unknown>> = [
    () =>
      import('@social/shell/data').then((data) => {
        auth$.pipe(filter(Boolean), take(1)).subscribe(() => {
          data.prefetchFeed('home', 'latest').catch(() => undefined);
          data.prefetchSuggestedMembers().catch(() => undefined);
        });
      }),
    ...(['feed/FeedPage', 'post/PostCard', 'post/PostComposer'] as const).map((id) => () => loadRemoteModule(id)),
  ];
  const started = new Set<number>();
  const start = (index: number): Promise<unknown> => {
    if (started.has(index)) return Promise.resolve();
    started.add(index);
    return slices[index]!().catch(() => undefined);
  };
  const onSubmit = () => {
    if (stillSignedOut()) slices.forEach((_, index) => void start(index));
    else document.removeEventListener('submit', onSubmit, true);
  };
  document.addEventListener('submit', onSubmit, true);
  auth$.pipe(filter(Boolean), take(1)).subscribe(() => document.removeEventListener('submit', onSubmit, true));

  loadRemoteModule(page)
    .then(afterPaint)
    .then(() =>
      slices.reduce<Promise<unknown>>(
        (previous, _, index) => previous.then(idle).then(() => (stillSignedOut() ? start(index) : undefined)),
        Promise.resolve(),
      ),
    )
    .catch(() => undefined); // The page itself shows a failed remote with Retry.
}
