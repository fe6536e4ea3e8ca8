import React from 'react';

/**
 * Loading indicator: role status named "Loading" (UI-NAMES). `page` fills the content area,
 * `overlay` covers the whole screen while a call runs (the loading flags of posts$ in shell/src/bus/index.ts).
 */
export function Spinner({ size = 'inline' }: { size?: 'page' | 'small' | 'inline' | 'overlay' }) {
  return (
    <div className={`spinner spinner--${size}`} role="status" aria-label="Loading">
      <span className="spinner__wheel" aria-hidden="true" />
    </div>
  );
}
