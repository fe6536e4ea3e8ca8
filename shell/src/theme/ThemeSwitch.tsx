import React, { useEffect } from 'react';
import { setTheme, useTheme } from '@social/shell/bus';
import { MoonIcon, SunIcon } from '@social/shell/ui';

/** Applies the bus's theme to <html data-theme> (so every remote's styles follow it). */
export function useApplyTheme(): void {
  const theme = useTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}

/** Sun while dark, moon while light; the name says what a press does. */
export function ThemeSwitch() {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" className="icon-btn" aria-label={`Switch to ${next} theme`} onClick={() => setTheme(next)}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
