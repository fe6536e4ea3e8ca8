import React from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { setBackendReady } from '@social/shell/bus';
import { configureRemotes, loadRemotesConfig } from '@social/shell/federation';
import { App } from './app/App';
import './ui/ui.css';

// The fake backend loads beside the first render; API calls wait for it (bus.setBackendReady),
// so MirageJS stays off the critical path of the first paint.
// The address the page was opened with: its switches (?reset-data, ?seed-posts=N, ?api-delay=N)
// apply even if a route guard redirects before the backend has loaded.
const openedAt = window.location.href;
setBackendReady(import(/* webpackChunkName: "mock-api" */ '@social/mock-api/server').then((m) => m.startServer({ url: openedAt })));

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
