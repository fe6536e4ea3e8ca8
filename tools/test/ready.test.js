/**
 * tools/ready.js: what `npm start` / `npm run serve` print while the apps start. A part whose
 * process ended before it answered is no longer waited for (before, the runner printed
 * "still starting" for it without end).
 */
const { announceWhenReady } = require('../ready');

test('a part that stops before it answers ends the wait, and "open …" is not printed', async () => {
  const lines = [];
  const stops = [];
  let stop;
  const stopped = new Promise((resolve) => (stop = resolve));
  const waited = announceWhenReady(
    [
      { label: 'shell:3000', url: 'http://localhost:3000/', ready: async () => true },
      { label: 'feed:3002', url: 'http://localhost:3002/', ready: async () => false, stopped },
    ],
    { log: (line) => lines.push(line), remindEvery: 10, done: () => 'open http://localhost:3000', onStop: (label) => stops.push(label) },
  );
  // It goes on reminding which part it waits for until that part's process ends.
  await new Promise((resolve) => {
    const check = setInterval(() => {
      if (lines.some((line) => line.startsWith('… still starting: feed:3002'))) resolve(clearInterval(check));
    }, 5);
  });
  stop(1);
  await expect(waited).resolves.toEqual({ stopped: ['feed:3002'] });
  expect(stops).toEqual(['feed:3002']);
  expect(lines.filter((line) => !line.startsWith('… still starting'))).toEqual([expect.stringMatching(/^\[shell:3000\] ready in /)]);
  const reminders = lines.length;
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(lines).toHaveLength(reminders);
});

test('when every part answers, "open …" is printed and nothing stopped', async () => {
  const lines = [];
  const result = await announceWhenReady([{ label: 'shell:3000', url: 'http://localhost:3000/', ready: async () => true }], {
    log: (line) => lines.push(line),
    done: () => 'open http://localhost:3000',
  });
  expect(result).toEqual({ stopped: [] });
  expect(lines).toEqual([expect.stringMatching(/^\[shell:3000\] ready in /), 'open http://localhost:3000']);
});
