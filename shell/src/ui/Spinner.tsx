import React from 'react';

/** Loading indicator: role status named "Loading" (UI-NAMES). `page` fills the screen. */
export function Spinner({ size = 'inline' }: { size?: 'page' | 'small' | 'inline' }) {
  return (
    <div className={`spinner spinner--${size}`} role="status" aria-label="Loading">
      <span className="spinner__wheel" aria-hidden="true" />
    </div>
  );
}
