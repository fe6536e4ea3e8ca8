import React, { useId } from 'react';
import { Link } from 'react-router-dom';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { useMemberSearch } from '@social/shell/data';
import { searchPath } from '@social/shell/routes';
import './search-results.css';
import { Avatar, fullName } from '@social/shell/ui';

export interface SearchResultsProps {
  query: string;
  onChoose: (member: MemberV2) => void;
  /** The member follows the link to post search: the overlay closes. */
  onLeave: () => void;
}

/**
 * The search overlay's results (loaded with the data module when the overlay first opens):
 * the server's matches for the query, asked 500 ms after the last keystroke (SPEC §5's rules;
 * a leading '@' matches handles only). The list is busy while newer results are being asked.
 * Under them, while the query is not empty, the link to the posts matching it (/search?q=).
 */
export default function SearchResults({ query, onChoose, onLeave }: SearchResultsProps) {
  const { results, searched, pending } = useMemberSearch(query);
  const handleIdBase = useId();
  return (
    <>
      {searched && results.length === 0 && <p className="search-overlay__empty">{CLIENT_MESSAGES.noUsers}</p>}
      {results.length > 0 && (
        <ul className="search-overlay__results" aria-label="Matching users" aria-busy={pending}>
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
      {query.trim() !== '' && (
        <Link className="search-overlay__posts" to={searchPath(query.trim())} onClick={onLeave}>
          Search posts for “{query.trim()}”
        </Link>
      )}
    </>
  );
}
