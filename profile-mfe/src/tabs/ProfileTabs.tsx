import React, { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { errorMessage } from '@social/shell/bus';
import { useMemberPosts, type MemberPostsTab } from '@social/shell/data';
import { RemoteComponent } from '@social/shell/federation';
import { Spinner } from '@social/shell/ui';
import { RepostLine } from './RepostLine';

export type TabName = 'POSTS' | 'BOOKMARKED' | 'ACTIVITIES';

/** What a member the profile's owner blocked reads in place of the owner's posts. */
export const BLOCKED_VIEWER_MESSAGE = "You can't see this member's posts.";

interface Props {
  member: MemberV2;
  isOwn: boolean;
}

const LISTS: Record<TabName, MemberPostsTab> = { POSTS: 'posts', BOOKMARKED: 'bookmarks', ACTIVITIES: 'activities' };

/** One tab's posts, page by page from the server (newest first; bookmarks: most recently saved first). */
function PostList({ memberId, tab, empty }: { memberId: string; tab: MemberPostsTab; empty: string }) {
  const list = useMemberPosts(memberId, tab);
  const posts = list.items;
  if (posts.length === 0) {
    if (list.isPending) return <Spinner size="small" />;
    if (list.error) return <LoadMore list={list} />;
    return <p className="muted profile-empty">{empty}</p>;
  }
  return (
    <>
      <div className="profile-posts">
        {posts.map((post) => (
          <React.Fragment key={post._id}>
            {post.repostedBy && <RepostLine reason={post.repostedBy} />}
            <RemoteComponent id="post/PostCard" props={{ post }} compact />
          </React.Fragment>
        ))}
      </div>
      <LoadMore list={list} />
    </>
  );
}

/** "Show more posts" while the server has more; a failed page says why and offers Try again. */
function LoadMore({ list }: { list: ReturnType<typeof useMemberPosts> }) {
  if (list.isFetchingNextPage) return <Spinner size="small" />;
  if (list.error !== null) {
    return (
      <div className="profile-empty" role="alert">
        <p className="muted">Posts could not be loaded: {errorMessage(list.error)}</p>
        <button type="button" className="btn" onClick={list.retry}>
          Try again
        </button>
      </div>
    );
  }
  if (!list.hasNextPage) return null;
  return (
    <button type="button" className="btn profile-more" onClick={list.fetchNextPage}>
      Show more posts
    </button>
  );
}

/** POSTS (default), BOOKMARKED (own profile only) and ACTIVITIES; arrow keys move between tabs. */
export function ProfileTabs({ member, isOwn }: Props) {
  const tabs: TabName[] = isOwn ? ['POSTS', 'BOOKMARKED', 'ACTIVITIES'] : ['POSTS', 'ACTIVITIES'];
  const [chosen, setChosen] = useState<TabName>('POSTS');
  const active: TabName = tabs.includes(chosen) ? chosen : 'POSTS';
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<TabName, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.indexOf(active);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    setChosen(tab);
    tabRefs.current[tab]?.focus();
  }

  const empty: Record<TabName, string> = {
    POSTS: isOwn ? "You haven't post anything yet" : `${member.firstName} haven't post anything yet`,
    BOOKMARKED: "You haven't bookmarked anything yet",
    ACTIVITIES: isOwn ? 'No activity yet' : `${member.firstName} has no activity yet`,
  };
  // A member who blocked the viewer shows them none of their posts or activities (the server's rule): said once, plainly.
  const content = member.blocksViewer ? (
    <p className="muted profile-empty">{BLOCKED_VIEWER_MESSAGE}</p>
  ) : (
    <PostList key={active} memberId={member._id} tab={LISTS[active]} empty={empty[active]} />
  );

  return (
    <section className="profile-tabs">
      <div className="profile-tabs__list" role="tablist" aria-label="Profile sections">
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              tabRefs.current[tab] = el;
            }}
            type="button"
            role="tab"
            onKeyDown={onKeyDown}
            id={`${baseId}-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === active ? 0 : -1}
            className="profile-tabs__tab"
            onClick={() => setChosen(tab)}
          >
            {tab}
          </button>
        ))}
      </div>
      <div className="profile-tabs__panel" role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`}>
        {content}
      </div>
    </section>
  );
}
