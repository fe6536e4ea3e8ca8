/** Runs before every test file of every workspace. */
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'util';

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
