import React from 'react';

export interface FeedPageProps {
  mode: 'home' | 'explore';
}

export default function FeedPage({ mode }: FeedPageProps) {
  return <h1>{mode === 'home' ? 'Home' : 'Explore'}</h1>;
}
