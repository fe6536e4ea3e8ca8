import React, { Suspense, lazy, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { CloseIcon } from '@social/shell/ui';

// With the data module (TanStack Query): loaded when the overlay first opens, not with the shell.
const SearchResults = lazy(() => import(/* webpackChunkName: "search" */ './SearchResults'));

export interface SearchOverlayProps {
  onChoose: (member: MemberV2) => void;
  onClose: () => void;
}

/**
 * Full-screen member search (shell/test/search.test.tsx): results follow the query 500 ms after
 * the last keystroke, asked of the server (./SearchResults), with a link to the posts matching it (/search). Close, Escape or a click outside
 * the box closes it; closing drops the query and results (the overlay unmounts).
 * Keyboard: ArrowDown from the box goes into the results, the arrows (and Home/End) move
 * between them, ArrowUp from the first goes back to the box; Tab stays inside the dialog.
 */
export function SearchOverlay({ onChoose, onClose }: SearchOverlayProps) {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const resultButtons = () => Array.from(boxRef.current?.querySelectorAll<HTMLElement>('.search-overlay__result') ?? []);

  /** Arrow keys between the box and the results; Tab and Shift+Tab go round the dialog's controls. */
  const onBoxKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const input = inputRef.current;
    const buttons = resultButtons();
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const inInput = document.activeElement === input;
    let target: HTMLElement | null | undefined;
    if (event.key === 'ArrowDown' && (inInput || at >= 0)) target = buttons[Math.min(at + 1, buttons.length - 1)];
    else if (event.key === 'ArrowUp' && at >= 0) target = at === 0 ? input : buttons[at - 1];
    else if (event.key === 'Home' && at >= 0) target = buttons[0];
    else if (event.key === 'End' && at >= 0) target = buttons[buttons.length - 1];
    else if (event.key === 'Tab') {
      const controls = Array.from(boxRef.current?.querySelectorAll<HTMLElement>('input, button, a[href]') ?? []);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (event.shiftKey && document.activeElement === first) target = last;
      else if (!event.shiftKey && document.activeElement === last) target = first;
    }
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };

  // In a portal at the end of <body>: the sticky top bar's stacking context does not cap it.
  return createPortal(
    // Clicking the backdrop is a mouse shortcut; the keyboard closes with Escape or Close search.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="search-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {/* The dialog handles the keys of the controls inside it (Escape, the focus trap, arrows in the
          results); a dialog is a container the rule counts as non-interactive. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div ref={boxRef} className="search-overlay__box" role="dialog" aria-modal="true" aria-label="Search users" onKeyDown={onBoxKeyDown}>
        <div className="search-overlay__bar">
          <input
            ref={inputRef}
            className="input search-overlay__input"
            type="search"
            aria-label="Search users"
            placeholder="Search by name or @handle"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="button" className="icon-btn" aria-label="Close search" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <Suspense fallback={null}>
          <SearchResults query={query} onChoose={onChoose} onLeave={onClose} />
        </Suspense>
      </div>
    </div>,
    document.body,
  );
}
