import React from 'react';
import type { Post } from '@social/mock-api/contract';

export default function PostCard({ post }: { post: Post }) {
  return <article>{post.content}</article>;
}
