import React, { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
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
 * Keyboard: ArrowDown from the box goes into the results, the arrows (and Home/End) move
 * between them, ArrowUp from the first goes back to the box; Tab stays inside the dialog.
 */
export function SearchOverlay({ users, onChoose, onClose }: SearchOverlayProps) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<User[]>([]);
  const [searched, setSearched] = useState('');
  const handleIdBase = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setResults(searchUsers(users, query));
      setSearched(query.trim());
    }, LIMITS.searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [query, users]);

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
      const controls = Array.from(boxRef.current?.querySelectorAll<HTMLElement>('input, button') ?? []);
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
    <div
      className="search-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
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
        {searched && results.length === 0 && <p className="search-overlay__empty">{CLIENT_MESSAGES.noUsers}</p>}
        {results.length > 0 && (
          <ul className="search-overlay__results" aria-label="Matching users">
            {results.map((user, index) => (
              <li key={user._id}>
                {/* Named by first and last name only (shared/UI-NAMES.md), from its own visible text (no
                    aria-label: the name a speech user reads is the name); the handle describes it. */}
                <button
                  type="button"
                  className="search-overlay__result"
                  aria-describedby={`${handleIdBase}-${index}`}
                  onClick={() => onChoose(user)}
                >
                  <Avatar src={user.pic} name={fullName(user)} size={36} decorative />
                  <span>{fullName(user)}</span>
                  <span className="muted" id={`${handleIdBase}-${index}`} aria-hidden="true">
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
