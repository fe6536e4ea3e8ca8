import React, { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Post, User } from '@social/mock-api/contract';
import { usePosts } from '@social/shell/bus';
import { RemoteComponent } from '@social/shell/federation';
import { Spinner } from '@social/shell/ui';
import { activityPosts, bookmarkedPosts, postsBy } from './selectPosts';

export type TabName = 'POSTS' | 'BOOKMARKED' | 'ACTIVITIES';

interface Props {
  member: User;
  isOwn: boolean;
  /** The signed-in member's bookmarks (fresher than the member's copy after a bookmark). */
  myBookmarks: readonly string[];
}

function PostList({ posts, empty, loading }: { posts: Post[]; empty: string; loading: boolean }) {
  if (posts.length === 0) return loading ? <Spinner size="small" /> : <p className="muted profile-empty">{empty}</p>;
  return (
    <div className="profile-posts">
      {posts.map((post) => (
        <RemoteComponent key={post._id} id="post/PostCard" props={{ post }} compact />
      ))}
    </div>
  );
}

/** POSTS (default), BOOKMARKED (own profile only) and ACTIVITIES; arrow keys move between tabs. */
export function ProfileTabs({ member, isOwn, myBookmarks }: Props) {
  const { allPosts, isLoading } = usePosts();
  const tabs: TabName[] = isOwn ? ['POSTS', 'BOOKMARKED', 'ACTIVITIES'] : ['POSTS', 'ACTIVITIES'];
  const [chosen, setChosen] = useState<TabName>('POSTS');
  const active: TabName = tabs.includes(chosen) ? chosen : 'POSTS';
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<TabName, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
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

  let content: React.ReactNode;
  if (active === 'POSTS') {
    content = (
      <PostList
        posts={postsBy(allPosts, member._id)}
        loading={isLoading}
        empty={isOwn ? "You haven't post anything yet" : `${member.firstName} haven't post anything yet`}
      />
    );
  } else if (active === 'BOOKMARKED') {
    content = <PostList posts={bookmarkedPosts(allPosts, myBookmarks)} loading={isLoading} empty="You haven't bookmarked anything yet" />;
  } else {
    content = (
      <PostList
        posts={activityPosts(allPosts, member._id)}
        loading={isLoading}
        empty={isOwn ? 'No activity yet' : `${member.firstName} has no activity yet`}
      />
    );
  }

  return (
    <section className="profile-tabs">
      <div className="profile-tabs__list" role="tablist" aria-label="Profile sections" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              tabRefs.current[tab] = el;
            }}
            type="button"
            role="tab"
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
