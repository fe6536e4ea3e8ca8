import React from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '@social/shell/routes';
import { useTrendingTags } from './tag-data';
import './tags.css';

/** The count as ../../shared/UI-NAMES.md names it: "{n} posts". */
const postCount = (n: number) => `${n} posts`;

/**
 * Explore's "Trending tags": the tags in the most posts of the last 24 hours (each member's posts
 * counted once; members the viewer hides do not count), each a link to its page with its count.
 * Loaded on its own (a lazy chunk of the explore page): home and /login never load it.
 */
export default function TrendingTags() {
  const trending = useTrendingTags();
  const tags = trending.data;
  return (
    <section className="trending-tags card" aria-label="Trending tags">
      <h2 className="trending-tags__title">Trending tags</h2>
      {tags === undefined ? (
        trending.isError ? (
          <p className="muted trending-tags__note">Trending tags could not be loaded.</p>
        ) : (
          <p className="muted trending-tags__note">Loading…</p>
        )
      ) : tags.length === 0 ? (
        <p className="muted trending-tags__note">No tags in posts of the last 24 hours yet.</p>
      ) : (
        <ol className="trending-tags__list">
          {tags.map((tag) => (
            <li key={tag.name} className="trending-tags__item">
              <Link className="trending-tags__link" to={pathTo('tag', { tag: tag.name })}>
                #{tag.name}
              </Link>
              <span className="muted trending-tags__count">{postCount(tag.postCount)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
