import React, { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { events$ } from '@social/shell/bus';
import { VersionNotice } from '@social/shell/federation';
import { useApplyTheme } from '../theme/ThemeSwitch';
import { ToastHost } from '../toasts/ToastHost';

/** Follows the bus's navigate events with the router. */
function NavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = events$.subscribe((event) => {
      if (event.type === 'navigate') navigate(event.to, { replace: event.replace });
    });
    return () => subscription.unsubscribe();
  }, [navigate]);
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
      <NavigateBridge />
      <ScrollToTop />
      <VersionNotice />
      {children}
      <ToastHost />
    </>
  );
}
