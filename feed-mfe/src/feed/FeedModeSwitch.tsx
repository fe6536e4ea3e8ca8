import React from 'react';
import type { PostSort as FeedSort } from '@social/mock-api/contract';

const OPTIONS: { value: FeedSort; label: string }[] = [
  { value: 'latest', label: 'Latest' },
  { value: 'trending', label: 'Trending' },
];

/** Latest / Trending: two toggle buttons, the active one pressed (UI-NAMES). */
export function FeedModeSwitch({ value, onChange }: { value: FeedSort; onChange: (value: FeedSort) => void }) {
  return (
    <div className="feed-switch" role="group" aria-label="Feed order">
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          className={option.value === value ? 'feed-switch__btn feed-switch__btn--active' : 'feed-switch__btn'}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
