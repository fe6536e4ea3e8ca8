/**
 * Stand-ins for the post remote's components (jsdom cannot load a remote): a PostCard that
 * renders an <article> with the post's text and like count, and a PostComposer with a text
 * box and a Post button that calls onSubmit and empties itself on success, as the real one does.
 */
import React, { useState } from 'react';
import type { Post, PostDraft } from '@social/mock-api/contract';

/** How many times each post's card rendered (by post _id). */
export const cardRenders = new Map<string, number>();

function StandInPostCard({ post }: { post: Post }) {
  cardRenders.set(post._id, (cardRenders.get(post._id) ?? 0) + 1);
  return (
    <article data-post-id={post._id}>
      <p>{post.content}</p>
      <span>{post.likes.likeCount} likes</span>
    </article>
  );
}

function StandInPostComposer({ onSubmit }: { onSubmit: (draft: PostDraft) => Promise<boolean> }) {
  const [content, setContent] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit({ content, pic: '' }).then((ok) => {
          if (ok) setContent('');
        });
      }}
    >
      <textarea aria-label="What's on your mind?" value={content} onChange={(e) => setContent(e.target.value)} />
      <button type="submit">Post</button>
    </form>
  );
}

export const registerRemotes = () => undefined;
export const loadRemote = async (id: string) => ({
  default: id === 'post/PostCard' ? StandInPostCard : id === 'post/PostComposer' ? StandInPostComposer : undefined,
});
