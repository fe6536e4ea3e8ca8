import React from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { setApiBaseUrl, setBackendStart } from '@social/shell/bus';
import { configureRemotes, readServedConfig, remotesFromConfig } from '@social/shell/federation';
import { App } from './app/App';
import { prefetchWhileSignedOut } from './app/prefetch';
import { apiBaseUrlOf, startBackend } from './backend';
import { registerWhenIdle } from './offline/service-worker';
import './ui/ui.css';

// The address the page was opened with: its switches (?reset-data, ?seed-posts=N, ?api-delay=N)
// apply even if a route guard redirects before the first API call starts the backend.
const openedAt = window.location.href;
// The served config is read once: it names the remotes and, optionally, a real API server.
const servedConfig = readServedConfig();
setBackendStart(() => startBackend(openedAt, servedConfig));

async function main() {
  const config = await servedConfig;
  configureRemotes(remotesFromConfig(config));
  // Which backend is known before the first page shows (the login page asks an API server whether it holds the demo).
  const server = apiBaseUrlOf(config);
  if (server) setApiBaseUrl(server);
  createRoot(document.getElementById('root')!).render(
    <React.StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </React.StrictMode>,
  );
  prefetchWhileSignedOut();
  // The service worker keeps the product for the next load and offline (docs/offline.md).
  registerWhenIdle();
}

void main();
