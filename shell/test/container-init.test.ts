/**
 * shell/src/federation/container-init.ts: a remote's container starts in a task after the one
 * that evaluated its entry, so the two never block the main thread as one.
 */
import { containerInitInItsOwnTask } from '../src/federation/container-init';

type BeforeInit = (args: { marker: string }) => Promise<{ marker: string }>;

afterEach(() => jest.useRealTimers());

test('the runtime goes on to the container only in a later task, with what it was given', async () => {
  jest.useFakeTimers();
  const beforeInit = containerInitInItsOwnTask().beforeInitContainer as unknown as BeforeInit;
  const args = { marker: 'the runtime’s options' };
  let started = false;
  const next = beforeInit(args).then((passed) => {
    started = true;
    return passed;
  });
  // Every microtask of this task has run: the container has not started yet.
  await Promise.resolve();
  await Promise.resolve();
  expect(started).toBe(false);
  await jest.advanceTimersByTimeAsync(0);
  expect(started).toBe(true);
  // A waterfall hook: the options go on unchanged to the container's init.
  expect(await next).toBe(args);
});
