import { WARM_FOR_MS, WarmAnswers } from '../src/offline/warm-entries';

const answer = (body: string) => ({ body }) as unknown as Response;

test("each entry file is asked of the network once at the navigation, and the page's request takes that answer once", async () => {
  const asked: string[] = [];
  const warm = new WarmAnswers((url) => {
    asked.push(url);
    return Promise.resolve(answer(url));
  });
  warm.start(['https://a.example/remotes.json', 'https://b.example/mf-manifest.json'], 1000);
  expect(asked).toEqual(['https://a.example/remotes.json', 'https://b.example/mf-manifest.json']);

  await expect(warm.take('https://a.example/remotes.json', 2000)).resolves.toEqual(answer('https://a.example/remotes.json'));
  // Taken once: a later request goes to the network itself.
  expect(warm.take('https://a.example/remotes.json', 2000)).toBeUndefined();
  expect(warm.take('https://c.example/remoteEntry.js', 2000)).toBeUndefined();
});

test('a navigation asks again: no load is handed an answer asked for before it started (a remote redeployed between two loads)', async () => {
  let deployed = 'v1';
  const warm = new WarmAnswers((url) => Promise.resolve(answer(`${url} ${deployed}`)));
  warm.start(['https://b.example/mf-manifest.json', 'https://c.example/mf-manifest.json'], 0);
  await expect(warm.take('https://b.example/mf-manifest.json', 100)).resolves.toEqual(answer('https://b.example/mf-manifest.json v1'));

  // c's answer was never taken; c is redeployed; the next load starts.
  deployed = 'v2';
  warm.start(['https://c.example/mf-manifest.json'], 2000);
  await expect(warm.take('https://c.example/mf-manifest.json', 2100)).resolves.toEqual(answer('https://c.example/mf-manifest.json v2'));
  // b was not in this navigation's list: nothing left from the one before.
  expect(warm.take('https://b.example/mf-manifest.json', 2100)).toBeUndefined();
});

test('an answer not taken in time is not handed out: the page asks the network afresh', () => {
  const warm = new WarmAnswers((url) => Promise.resolve(answer(url)));
  warm.start(['https://b.example/remoteEntry.js'], 0);
  expect(warm.take('https://b.example/remoteEntry.js', WARM_FOR_MS + 1)).toBeUndefined();
});

test('a navigation after the old answers went stale asks again', () => {
  let asked = 0;
  const warm = new WarmAnswers((url) => {
    asked += 1;
    return Promise.resolve(answer(url));
  });
  warm.start(['https://b.example/mf-manifest.json'], 0);
  warm.start(['https://b.example/mf-manifest.json'], WARM_FOR_MS + 1);
  expect(asked).toBe(2);
  expect(warm.take('https://b.example/mf-manifest.json', WARM_FOR_MS + 2)).toBeDefined();
});

test('a failed request fails for the request that takes it, which then goes to the network itself', async () => {
  const warm = new WarmAnswers(() => Promise.reject(new TypeError('Failed to fetch')));
  warm.start(['https://down.example/mf-manifest.json'], 0);
  await expect(warm.take('https://down.example/mf-manifest.json', 1)).rejects.toThrow('Failed to fetch');
  expect(warm.take('https://down.example/mf-manifest.json', 1)).toBeUndefined();
});
