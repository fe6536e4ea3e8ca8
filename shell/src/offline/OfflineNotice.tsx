/**
 * The visible offline state: a line at the top of every page while the browser is offline.
 * On the in-browser fake backend everything keeps working (it runs in the service worker); on a
 * real server (api-server) what is on screen stays, and changes are not sent: the member's
 * typing stays where it is, and each write says it was not sent (mock-api/src/client.ts).
 */
import React, { useSyncExternalStore } from 'react';
import { apiBaseUrl } from '@social/shell/bus';
import './offline.css';

export const OFFLINE_LOCAL = 'You are offline. Everything keeps working on this device.';
export const OFFLINE_SERVER = 'You are offline. What is on screen stays, but changes cannot be sent until you are back online.';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOffline = () => navigator.onLine === false;

export function OfflineNotice() {
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  return (
    <p role="status" className={offline ? 'offline-notice' : 'offline-notice offline-notice--hidden'}>
      {offline ? (apiBaseUrl() ? OFFLINE_SERVER : OFFLINE_LOCAL) : ''}
    </p>
  );
}
