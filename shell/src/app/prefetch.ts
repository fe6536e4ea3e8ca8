import { auth$, refreshPosts, refreshUsers } from '@social/shell/bus';
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
 * (feed page, post cards, the composer above them; a remote that fails shows its Retry when the
 * feed opens) and its data (posts and members are public reads). After the click only the login
 * call remains; the feed refreshes both once it is shown (FeedPage, AppFrame).
 *
 * In small slices, each in its own idle period: the two reads first (answered by the service
 * worker, they cost this page only the messages and the parse), then one remote at a time, so a
 * member who taps the e-mail box meanwhile waits for at most one remote's start-up.
 */
export function prefetchWhileSignedOut(): void {
  if (auth$.value) return;
  const page = matchPath('signup', window.location.pathname) ? ('auth/SignupPage' as const) : ('auth/LoginPage' as const);
  loadRemoteModule(page)
    .then(afterPaint)
    .then(() => {
      const path = window.location.pathname;
      if (auth$.value || !(matchPath('login', path) || matchPath('signup', path))) return;
      refreshPosts().catch(() => undefined);
      refreshUsers().catch(() => undefined);
      // Loaded, not only downloaded: after the click the feed renders without waiting for a remote.
      return (['feed/FeedPage', 'post/PostCard', 'post/PostComposer'] as const).reduce(
        (previous, id) =>
          previous.then(idle).then(() => {
            if (auth$.value) return undefined;
            return loadRemoteModule(id).then(
              () => undefined,
              () => undefined,
            );
          }),
        Promise.resolve(),
      );
    })
    .catch(() => undefined); // The page itself shows a failed remote with Retry.
}
