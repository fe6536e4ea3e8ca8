import React, { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { POST_SEARCH_LIMITS } from '@social/mock-api/contract-v2';
import { errorMessage, useAuth } from '@social/shell/bus';
import { Spinner } from '@social/shell/ui';
import { LoadError, MorePosts } from '../feed/MorePosts';
import { PostList } from '../feed/PostList';
import { usePostSearch } from '../tags/tag-data';
import '../feed/feed.css';
import './search.css';

/** A refusal of the query itself (400: nothing searchable, too long): trying again would not help. */
const isBadQuery = (error: unknown): boolean => (error as { status?: unknown } | null)?.status === 400;

/**
 * `/search?q=`: the posts whose text has every word of the query (whole or as the start of a
 * word, any case and accents), best matches first, then newest, with the feed's cards and
 * infinite scroll. `#tag` and `from:@handle` narrow it. The query lives in the address, so the
 * browser's Back, a reload and a shared link show the same search.
 */
export default function SearchPage() {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(query);
  // Back and Forward change the address: the box follows it.
  useEffect(() => setTyped(query), [query]);
  const results = usePostSearch(query);

  if (!auth) return null; // The shell's guard sends signed-out visitors to /login.

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim();
    if (next === query) return;
    setParams(next ? { q: next } : {});
  };

  let body: React.ReactNode = null;
  if (query === '') body = <p className="feed-empty muted">Type a word to find the posts that have it.</p>;
  else if (results.isPending)
    body = results.error ? <SearchError error={results.error} onRetry={results.retry} /> : <Spinner size="page" />;
  else if (results.items.length === 0 && !results.hasNextPage)
    body = results.error ? (
      <SearchError error={results.error} onRetry={results.retry} />
    ) : (
      <p className="feed-empty">No posts match “{query}”</p>
    );
  else body = <PostList posts={results.items} label={`Posts matching “${query}”`} />;

  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Search</h1>
      <form role="search" className="search-page__form" onSubmit={onSubmit}>
        <input
          className="input search-page__input"
          type="search"
          aria-label="Search posts"
          aria-describedby="search-page-hint"
          placeholder="Search posts"
          maxLength={POST_SEARCH_LIMITS.query}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </form>
      <p id="search-page-hint" className="muted search-page__hint">
        Every word must match. Narrow it with #tag or from:@handle.
      </p>
      {body}
      {query !== '' && <MorePosts list={results} />}
    </div>
  );
}

function SearchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isBadQuery(error))
    return (
      <p className="feed-empty" role="alert">
        {errorMessage(error)}
      </p>
    );
  return <LoadError message={errorMessage(error)} onRetry={onRetry} />;
}
