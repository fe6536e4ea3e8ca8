/**
 * "Followed tags" in Settings: the tags whose posts join the member's home feed (followed from a
 * tag's page), most recently followed first, each with Unfollow.
 */
import React, { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MAX_FOLLOWED_TAGS, PAGE_LIMITS, type TagV2 } from '@social/mock-api/contract-v2';
import { api, errorMessage, toast } from '@social/shell/bus';
import { queryClient, queryKeys } from '@social/shell/data';
import { pathTo } from '@social/shell/routes';

/** Every followed tag: MAX_FOLLOWED_TAGS at most, a few pages of the API's largest. */
async function allFollowedTags(): Promise<TagV2[]> {
  const tags: TagV2[] = [];
  let cursor: string | null = null;
  for (let page = 0; page <= MAX_FOLLOWED_TAGS / PAGE_LIMITS.max; page += 1) {
    const answer: { tags: TagV2[]; nextCursor: string | null } = await api.v2.tags.followed({ limit: PAGE_LIMITS.max, cursor });
    tags.push(...answer.tags);
    cursor = answer.nextCursor;
    if (cursor === null) break;
  }
  return tags;
}

function Row({ tag, onDone }: { tag: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const unfollow = async () => {
    setBusy(true);
    try {
      const answer = await api.v2.tags.unfollow(tag);
      // The tag's page (feed-mfe, ['tags', 'tag', name]) and the home feed follow.
      queryClient.setQueryData(['tags', 'tag', tag], answer.tag);
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed('home', 'latest').slice(0, 3) });
      toast('success', `You no longer follow #${tag}`);
      onDone();
    } catch (failure) {
      toast('error', errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <li className="settings__safety-row">
      <Link to={pathTo('tag', { tag })}>#{tag}</Link>
      <button type="button" className="btn" disabled={busy} onClick={() => void unfollow()} aria-label={`Unfollow #${tag}`}>
        Unfollow
      </button>
    </li>
  );
}

export function FollowedTags({ section }: { section: (title: string, children: ReactNode) => ReactNode }) {
  const [tags, setTags] = useState<TagV2[] | null>(null);
  const load = useCallback(() => {
    allFollowedTags().then(setTags, (failure: unknown) => toast('error', errorMessage(failure)));
  }, []);
  useEffect(load, [load]);

  return section(
    'Followed tags',
    tags === null ? (
      <p className="muted">Loading…</p>
    ) : tags.length === 0 ? (
      <p className="muted">You follow no tags. Follow one from its page: its posts then join your home feed.</p>
    ) : (
      <ul className="settings__safety-list" aria-label="Followed tags">
        {tags.map((tag) => (
          <Row key={tag.name} tag={tag.name} onDone={load} />
        ))}
      </ul>
    ),
  );
}
