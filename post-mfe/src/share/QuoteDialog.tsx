import React from 'react';
import type { PostDraftV2, PostV2 } from '@social/mock-api/contract-v2';
import { usePostMutations } from '@social/shell/actions';
import { Modal } from '@social/shell/ui';
import PostComposer from '../composer/PostComposer';
import { QuotedPost } from './QuotedPost';

/**
 * "Quote post": the Create Post controls with the quoted post shown inside. The new post stores
 * the quoted post's id (`quoteOf`); it goes on top of the member's feeds as any new post does.
 */
export function QuoteDialog({ post, onClose }: { post: PostV2; onClose: () => void }) {
  const mutations = usePostMutations();
  const submit = async (draft: PostDraftV2): Promise<boolean> => {
    const saved = await mutations.create({ ...draft, quoteOf: post._id });
    if (saved) onClose();
    return saved;
  };
  return (
    <Modal title="Quote post" onClose={onClose} className="post-modal">
      <PostComposer onSubmit={submit} autoFocus />
      <QuotedPost
        quote={{
          _id: post._id,
          available: true,
          author: post.author,
          content: post.content,
          pic: post.pic,
          picAlt: post.picAlt,
          createdAt: post.createdAt,
          quoteOf: post.quote?._id ?? null,
        }}
      />
    </Modal>
  );
}
