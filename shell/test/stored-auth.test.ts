/** The member kept in 'login-items' outlives the page: it never keeps a page-bound blob: picture. */
import { STORAGE_KEYS } from '@social/mock-api/contract';
import { ada } from './fixtures';

type Bus = typeof import('../src/bus');

/** A fresh copy of the bus, as a reload starts it (it reads 'login-items' once, at start). */
function startBus(): Bus {
  let bus: Bus | undefined;
  jest.isolateModules(() => {
    bus = jest.requireActual<Bus>('../src/bus');
  });
  return bus!;
}

const stored = () =>
  JSON.parse(window.localStorage.getItem(STORAGE_KEYS.loginItems) ?? 'null') as { token: string; user: { pic: string } } | null;
const livePic = 'blob:http://localhost:3000/5b2f8c1e-0000-4000-8000-000000000001';

afterEach(() => window.localStorage.clear());

test('signing in with a page-bound picture stores the member without it; the page keeps showing it', () => {
  const bus = startBus();
  bus.setAuth({ token: 't1', user: { ...ada, pic: livePic } });
  expect(stored()?.user.pic).toBe('');
  expect(bus.auth$.value?.user.pic).toBe(livePic);
});

test('a lasting picture address (data:, http) is stored as it is', () => {
  const bus = startBus();
  bus.setAuth({ token: 't1', user: { ...ada, pic: 'https://example.com/ada.png' } });
  expect(stored()?.user.pic).toBe('https://example.com/ada.png');
});

test('after a reload, a blob: picture stored by an older version is not asked for', () => {
  window.localStorage.setItem(STORAGE_KEYS.loginItems, JSON.stringify({ token: 't1', user: { ...ada, pic: livePic } }));
  const bus = startBus();
  expect(bus.auth$.value?.token).toBe('t1');
  expect(bus.auth$.value?.user.pic).toBe('');
  // The member read at start (GET /api/v2/me, useMe in shell/src/data) brings the picture's live address back.
  bus.updateAuthUser({ ...bus.auth$.value!.user, pic: 'blob:http://localhost:3000/fresh' });
  expect(bus.auth$.value?.user.pic).toBe('blob:http://localhost:3000/fresh');
  expect(stored()?.user.pic).toBe('');
});

test("another tab's write (picture left out) does not take this page's live picture away", () => {
  const bus = startBus();
  bus.setAuth({ token: 't1', user: { ...ada, pic: livePic } });
  const otherTab = JSON.stringify({ token: 't1', user: { ...ada, bio: 'Changed in another tab', pic: '' } });
  window.localStorage.setItem(STORAGE_KEYS.loginItems, otherTab);
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.loginItems, newValue: otherTab }));
  expect(bus.auth$.value?.user.bio).toBe('Changed in another tab');
  expect(bus.auth$.value?.user.pic).toBe(livePic);
});
