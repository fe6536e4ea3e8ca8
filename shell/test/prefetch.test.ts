/**
 * What the shell loads ahead of the page a member is about to see (src/app/prefetch.ts). The
 * federation loader and the data module are stand-ins that record what was asked for; the
 * browser is never idle here unless a test says so, so nothing starts by the idle path unseen.
 */
import { logout, setAuth } from '@social/shell/bus';
import { prefetchWhileSignedOut } from '../src/app/prefetch';
import { ada } from './fixtures';

const loaded: string[] = [];
jest.mock('@social/shell/federation', () => ({
  loadRemoteModule: (id: string) => {
    loaded.push(id);
    return Promise.resolve({});
  },
}));
const feedPages: string[] = [];
jest.mock('@social/shell/data', () => ({
  prefetchFeed: (mode: string, sort: string) => {
    feedPages.push(`${mode}/${sort}`);
    return Promise.resolve();
  },
  prefetchSuggestedMembers: () => {
    feedPages.push('suggested members');
    return Promise.resolve();
  },
}));

let idleCallbacks: Array<() => void> = [];
beforeEach(() => {
  loaded.length = 0;
  feedPages.length = 0;
  idleCallbacks = [];
  window.requestIdleCallback = (callback: IdleRequestCallback) => {
    idleCallbacks.push(() => callback({ didTimeout: false, timeRemaining: () => 50 }));
    return idleCallbacks.length;
  };
  logout();
});
// A slice chain left waiting for a sign-in (the data module's) ends here, not in the next test.
afterEach(async () => {
  setAuth({ token: 'token', user: ada });
  await new Promise((resolve) => setTimeout(resolve, 0));
});

/** Resolves once `check` holds, looking again after each round of pending promises and frames. */
async function until(check: () => boolean): Promise<void> {
  for (let round = 0; round < 50 && !check(); round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(check()).toBe(true);
}

const sendForm = () => {
  const form = document.createElement('form');
  document.body.append(form);
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  form.remove();
};

const FEED_CODE = ['feed/FeedPage', 'post/PostCard', 'post/PostComposer'];

test('on /login, the feed is loaded one slice per idle period', async () => {
  window.history.pushState({}, '', '/login');
  prefetchWhileSignedOut();
  let ran = 0;
  const runNextIdle = async () => {
    await until(() => idleCallbacks.length > ran);
    idleCallbacks[ran++]!();
  };
  await runNextIdle(); // The login page painted.
  expect(loaded).toEqual(['auth/LoginPage']);
  await runNextIdle(); // The data module.
  for (const id of FEED_CODE) {
    await until(() => idleCallbacks.length > ran);
    expect(loaded).not.toContain(id);
    await runNextIdle();
    await until(() => loaded.includes(id));
  }
  expect(loaded).toEqual(['auth/LoginPage', ...FEED_CODE]);
});

test('on /login, sending the form starts all of the feed at once, and signing in asks for its first page and suggestions', async () => {
  window.history.pushState({}, '', '/login');
  prefetchWhileSignedOut();
  await until(() => idleCallbacks.length === 1);
  expect(loaded).toEqual(['auth/LoginPage']);

  sendForm();
  await until(() => FEED_CODE.every((id) => loaded.includes(id)));
  expect(feedPages).toEqual([]);
  setAuth({ token: 'token', user: ada });
  await until(() => feedPages.length === 2);
  expect(feedPages).toEqual(['home/latest', 'suggested members']);

  // The idle periods that come later start nothing twice.
  idleCallbacks.forEach((callback) => callback());
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loaded.filter((id) => id === 'feed/FeedPage')).toHaveLength(1);
});
