import React from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { setBackendReady } from '@social/shell/bus';
import { configureRemotes, loadRemotesConfig } from '@social/shell/federation';
import { App } from './app/App';
import { startBackend } from './backend';
import './ui/ui.css';

// The fake backend loads beside the first render; API calls wait for it (bus.setBackendReady),
// so MirageJS stays off the critical path of the first paint.
// The address the page was opened with: its switches (?reset-data, ?seed-posts=N, ?api-delay=N)
// apply even if a route guard redirects before the backend has loaded.
const openedAt = window.location.href;
// The served config may name a real API server instead (shell/src/backend.ts).
setBackendReady(startBackend(openedAt));

async function main() {
  configureRemotes(await loadRemotesConfig());
  createRoot(document.getElementById('root')!).render(
    <React.StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </React.StrictMode>,
  );
}

void main();
