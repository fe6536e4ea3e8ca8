/** Runs before every test file of every workspace. */
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'util';
import { notifyManager } from '@tanstack/react-query';
import { configure } from '@testing-library/react';

// jsdom lacks these; react-router needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// A test file may run in Node's environment (`@jest-environment node`: the service worker's code).
if (typeof window !== 'undefined') {
  // jsdom does not implement scrolling; the shell scrolls to top on every path change.
  window.scrollTo = () => undefined;

  // Each test starts with an empty browser storage.
  beforeEach(() => {
    window.localStorage.clear();
  });
}

// TanStack Query tells its subscribers in a batch after a setTimeout(0); in tests a microtask,
// so an answer written into the cache inside act() is on screen when act() returns.
notifyManager.setScheduler(queueMicrotask);

// waitFor/findBy wait for a condition; the limit only bounds a test that would never pass. The
// default 1 s failed on CI's loaded 2-core machine for a condition two slow answers (150 ms
// each, profile-mfe/test/follow-toggle.test.tsx) away, so allow what a loaded machine needs.
configure({ asyncUtilTimeout: 10_000 });
