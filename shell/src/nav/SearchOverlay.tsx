import React, { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CLIENT_MESSAGES, LIMITS, type User } from '@social/mock-api/contract';
import { Avatar, fullName, CloseIcon } from '@social/shell/ui';
import { searchUsers } from './searchUsers';

export interface SearchOverlayProps {
  users: readonly User[];
  onChoose: (user: User) => void;
  onClose: () => void;
}

/**
 * Full-screen user search (shell/test/search.test.tsx): results follow the query 500 ms after the last
 * keystroke, run on the list already held (no call). Close, Escape or a click outside
 * the box closes it; closing drops the query and results (the overlay unmounts).
 */
export function SearchOverlay({ users, onChoose, onClose }: SearchOverlayProps) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<User[]>([]);
  const [searched, setSearched] = useState('');
  const handleIdBase = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setResults(searchUsers(users, query));
      setSearched(query.trim());
    }, LIMITS.searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [query, users]);

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
        {searched && results.length === 0 && <p className="search-overlay__empty">{CLIENT_MESSAGES.noUsers}</p>}
        {results.length > 0 && (
          <ul className="search-overlay__results" aria-label="Matching users">
            {results.map((user, index) => (
              <li key={user._id}>
                {/* Named by first and last name only (shared/UI-NAMES.md); the handle describes it. */}
                <button
                  type="button"
                  className="search-overlay__result"
                  aria-label={fullName(user)}
                  aria-describedby={`${handleIdBase}-${index}`}
                  onClick={() => onChoose(user)}
                >
                  <Avatar src={user.pic} name={fullName(user)} size={36} decorative />
                  <span>{fullName(user)}</span>
                  <span className="muted" id={`${handleIdBase}-${index}`}>
                    @{user.userHandler}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>,
    document.body,
  );
}
