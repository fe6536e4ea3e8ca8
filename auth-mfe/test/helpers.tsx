import React from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Server } from 'miragejs';
import { makeServer } from '@social/mock-api/server';
import { events$, logout, setPosts, setUsers, type ToastType } from '@social/shell/bus';
import { PublicOnly } from '@social/shell/dev-host';
import LoginPage from '../src/login/LoginPage';
import SignupPage from '../src/signup/SignupPage';

export interface SeenToast {
  toastType: ToastType;
  message: string;
}

/** Pretender keeps the requests it answered in `handledRequests`, which its type file leaves out. */
interface RequestLog {
  handledRequests: { url: string }[];
}
const requestLog = (server: Server) => server.pretender as unknown as RequestLog;

/** Where the router is, shown for assertions on the shell guard's redirect. */
function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

/** The member was on their way to this page when the guard sent them to log in. */
export const REMEMBERED = { from: { pathname: '/profile/kabir', search: '', hash: '' } };

/** The auth pages behind the shell's PublicOnly guard, as the shell mounts them. */
export function renderAuth(path: '/login' | '/signup', state: unknown = REMEMBERED) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <Routes>
        <Route path="/login" element={<PublicOnly><LoginPage /></PublicOnly>} />
        <Route path="/signup" element={<PublicOnly><SignupPage /></PublicOnly>} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The real fake backend in test mode, recording requests, plus the toasts the page raises. */
export function setupBackend() {
  const ctx = { server: undefined as unknown as Server, toasts: [] as SeenToast[] };
  let unsubscribe = () => undefined as void;
  beforeEach(() => {
    ctx.server = makeServer({ environment: 'test' });
    // Mirage turns request tracking off; a plain array makes pretender record them again.
    requestLog(ctx.server).handledRequests = [];
    ctx.toasts = [];
    const subscription = events$.subscribe((event) => {
      if (event.type === 'toast') ctx.toasts.push({ toastType: event.toastType, message: event.message });
    });
    unsubscribe = () => subscription.unsubscribe();
  });
  afterEach(() => {
    unsubscribe();
    act(() => {
      logout();
      setPosts([]);
      setUsers([]);
    });
    ctx.server.shutdown();
  });
  return ctx;
}

/** Requests the fake backend answered for this path. */
export function requestsTo(server: Server, path: string): number {
  return requestLog(server).handledRequests.filter((request) => new URL(request.url, 'http://localhost').pathname === path).length;
}
