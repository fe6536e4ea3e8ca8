/**
 * Whether the login page offers the test credentials (SPEC §2): only where the backend holds
 * the demo's members, so nobody is offered passwords that open nothing (GET /api/v2/meta,
 * docs/api.md). The in-browser fake backend always holds them (its seed answers `demo: true`), so
 * with it (no API server named: `apiBaseUrl()` is '') the answer is known at once, and /login
 * makes no call that would start it. An API server is asked once per page load; until it says
 * `demo: true` nothing is shown, so no dead credentials flash by. A failed question shows none and
 * is asked again on the next visit to the page.
 */
import { useEffect, useState } from 'react';
import { api, apiBaseUrl } from '@social/shell/bus';

/** Each API server's answer, by its address, once known. */
const known = new Map<string, boolean>();
const asked = new Map<string, Promise<boolean>>();

function askServer(base: string): Promise<boolean> {
  let answer = asked.get(base);
  if (!answer) {
    answer = api.v2.meta().then(
      ({ demo }) => {
        known.set(base, demo === true);
        return demo === true;
      },
      () => {
        asked.delete(base);
        return false;
      },
    );
    asked.set(base, answer);
  }
  return answer;
}

export function useDemoCredentials(): boolean {
  const base = apiBaseUrl();
  const [demo, setDemo] = useState(() => base === '' || known.get(base) === true);
  useEffect(() => {
    if (base === '') return;
    let current = true;
    void askServer(base).then((answer) => {
      if (current) setDemo(answer);
    });
    return () => {
      current = false;
    };
  }, [base]);
  return demo;
}
