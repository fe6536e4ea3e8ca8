import React, { Suspense, lazy, useEffect, useRef, useState } from 'react';
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
 * the last keystroke, asked of the server (./SearchResults). Close, Escape or a click outside
 * the box closes it; closing drops the query and results (the overlay unmounts).
 */
export function SearchOverlay({ onChoose, onClose }: SearchOverlayProps) {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  // In a portal at the end of <body>: the sticky top bar's stacking context does not cap it.
  return createPortal(
    <div
      className="search-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="search-overlay__box" role="dialog" aria-modal="true" aria-label="Search users">
        <div className="search-overlay__bar">
          <input
            ref={inputRef}
            className="input"
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
          <SearchResults query={query} onChoose={onChoose} />
        </Suspense>
      </div>
    </div>,
    document.body,
  );
}
