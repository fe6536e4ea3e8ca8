import { WARM_FOR_MS, WarmAnswers } from '../src/offline/warm-entries';

const answer = (body: string) => ({ body }) as unknown as Response;
const at = (ms: number) => () => ms;

test("each entry file is asked of the network once at the navigation, and the page's request takes that answer once", async () => {
  const asked: string[] = [];
  const warm = new WarmAnswers((url) => {
    asked.push(url);
    return Promise.resolve(answer(url));
  });
  warm.start(['https://a.example/remotes.json', 'https://b.example/mf-manifest.json'], 1000);

  await expect(warm.take('https://a.example/remotes.json', at(2000))).resolves.toEqual(answer('https://a.example/remotes.json'));
  expect(asked).toEqual(['https://a.example/remotes.json', 'https://b.example/mf-manifest.json']);
  // Taken once: a later request goes to the network itself.
  await expect(warm.take('https://a.example/remotes.json', at(2000))).resolves.toBeUndefined();
  await expect(warm.take('https://c.example/remoteEntry.js', at(2000))).resolves.toBeUndefined();
});

test("a page's request made before the worker has read its list waits for it and takes the navigation's answer", async () => {
  let asked = 0;
  const warm = new WarmAnswers((url) => {
    asked += 1;
    return Promise.resolve(answer(url));
  });
  let listRead!: (urls: string[]) => void;
  warm.start(new Promise<string[]>((resolve) => (listRead = resolve)), 0);

  // The page (served from the worker's cache) asks for remotes.json at once.
  const taken = warm.take('https://a.example/remotes.json', at(10));
  listRead(['https://a.example/remotes.json']);
  await expect(taken).resolves.toEqual(answer('https://a.example/remotes.json'));
  expect(asked).toBe(1);
});

test('a navigation asks again: no load is handed an answer asked for before it started (a remote redeployed between two loads)', async () => {
  let deployed = 'v1';
  const warm = new WarmAnswers((url) => Promise.resolve(answer(`${url} ${deployed}`)));
  warm.start(['https://b.example/mf-manifest.json', 'https://c.example/mf-manifest.json'], 0);
  await expect(warm.take('https://b.example/mf-manifest.json', at(100))).resolves.toEqual(answer('https://b.example/mf-manifest.json v1'));

  // c's answer was never taken; c is redeployed; the next load starts.
  deployed = 'v2';
  warm.start(['https://c.example/mf-manifest.json'], 2000);
  await expect(warm.take('https://c.example/mf-manifest.json', at(2100))).resolves.toEqual(answer('https://c.example/mf-manifest.json v2'));
  // b was not in this navigation's list: nothing left from the one before.
  await expect(warm.take('https://b.example/mf-manifest.json', at(2100))).resolves.toBeUndefined();
});

test("a navigation whose list comes after the next navigation's starts nothing", async () => {
  const asked: string[] = [];
  const warm = new WarmAnswers((url) => {
    asked.push(url);
    return Promise.resolve(answer(url));
  });
  let firstList!: (urls: string[]) => void;
  warm.start(new Promise<string[]>((resolve) => (firstList = resolve)), 0);
  warm.start(['https://a.example/remotes.json'], 50);
  firstList(['https://old.example/mf-manifest.json']);
  await expect(warm.take('https://old.example/mf-manifest.json', at(60))).resolves.toBeUndefined();
  expect(asked).toEqual(['https://a.example/remotes.json']);
});

test('an answer not taken in time is not handed out: the page asks the network afresh', async () => {
  const warm = new WarmAnswers((url) => Promise.resolve(answer(url)));
  warm.start(['https://b.example/remoteEntry.js'], 0);
  await expect(warm.take('https://b.example/remoteEntry.js', at(WARM_FOR_MS + 1))).resolves.toBeUndefined();
});

test('a failed request fails for the request that takes it, which then goes to the network itself', async () => {
  const warm = new WarmAnswers(() => Promise.reject(new TypeError('Failed to fetch')));
  warm.start(['https://down.example/mf-manifest.json'], 0);
  await expect(warm.take('https://down.example/mf-manifest.json', at(1))).rejects.toThrow('Failed to fetch');
  await expect(warm.take('https://down.example/mf-manifest.json', at(1))).resolves.toBeUndefined();
});

test('a list that cannot be read (the cache failed) starts nothing, and the page asks the network itself', async () => {
  const warm = new WarmAnswers((url) => Promise.resolve(answer(url)));
  warm.start(Promise.reject(new Error('cache unavailable')), 0);
  await expect(warm.take('https://a.example/remotes.json', at(1))).resolves.toBeUndefined();
});
