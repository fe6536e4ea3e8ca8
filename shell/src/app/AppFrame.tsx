import React, { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { api, updateAuthUser, useAuth } from '@social/shell/bus';
import { VersionNotice } from '@social/shell/federation';
import { useApplyTheme } from '../theme/ThemeSwitch';
import { ToastHost } from '../toasts/ToastHost';

/**
 * Reads the signed-in member from the server once per session and page load (GET /api/v2/me):
 * the stored copy in 'login-items' may be stale (another device's edit) and never keeps a
 * page-bound picture address (shell/src/bus/stored-auth.ts), so this brings the live one back.
 * A plain call, not the query cache, so a page that loads no server state stays light; an
 * expired token gets 401 here and the bus signs the member out.
 */
function SessionRefresh() {
  const token = useAuth()?.token;
  useEffect(() => {
    if (!token) return;
    let current = true;
    api.v2.me
      .get()
      .then(({ me }) => {
        if (current) updateAuthUser(me);
      })
      .catch(() => undefined); // Offline or refused: the stored copy stays; a 401 already signed out.
    return () => {
      current = false;
    };
  }, [token]);
  return null;
}

/** Scrolls to the top whenever the path changes. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** What every page of the product has around it, in the shell and in a remote's dev page. */
export function AppFrame({ children }: { children: ReactNode }) {
  useApplyTheme();
  return (
    <>
      <SessionRefresh />
      <ScrollToTop />
      <VersionNotice />
      {children}
      <ToastHost />
    </>
  );
}
