import React, { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { setBackendStart } from '@social/shell/bus';
import { configureRemotes, readServedConfig, remotesFromConfig } from '@social/shell/federation';
import { App } from './app/App';
import { prefetchWhileSignedOut } from './app/prefetch';
import { startBackend } from './backend';
import './ui/ui.css';

// The address the page was opened with: its switches (?reset-data, ?seed-posts=N, ?api-delay=N)
// apply even if a route guard redirects before the first API call starts the backend.
const openedAt = window.location.href;
// The served config is read once: it names the remotes and, optionally, a real API server.
const servedConfig = readServedConfig();
setBackendStart(() => startBackend(openedAt, servedConfig));

async function main() {
  configureRemotes(remotesFromConfig(await servedConfig));
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screen in slices instead of one long task, so the
  // route's remote entry (started below, preloaded by index.html) runs and requests its page's
  // chunks between slices rather than after the whole render. The chunks download while the
  // shell renders: "Log In" shows about 20 ms sooner (README, "Start-up").
  startTransition(() =>
    root.render(
      <React.StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </React.StrictMode>,
    ),
  );
  prefetchWhileSignedOut();
}

void main();
