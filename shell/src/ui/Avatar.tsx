import React, { useState } from 'react';
import { useServedSrc } from './served-src';

export interface AvatarProps {
  src: string;
  /** Full name: the image's alt text and the source of the initials fallback. */
  name: string;
  size?: number;
  /** Hide from assistive tech when a neighbouring text already names the member. */
  decorative?: boolean;
}

/** A round member picture; shows initials when there is no picture or it fails to load. */
export function Avatar({ src: picture, name, size = 40, decorative = false }: AvatarProps) {
  // Initials until the backend that serves the picture runs (./served-src.ts).
  const src = useServedSrc(picture);
  // Remember which picture failed, so a new picture (after a profile edit) is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (!src || failed) {
    const initials = name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('');
    // A decorative avatar sits inside a named control ("My profile"): its initials are drawn by CSS
    // (ui.css), not as text, so the control's visible text is not letters its name lacks.
    if (decorative) return <span className="avatar avatar--initials" style={style} data-initials={initials || '?'} aria-hidden="true" />;
    return (
      <span className="avatar avatar--initials" style={style} role="img" aria-label={name}>
        {initials || '?'}
      </span>
    );
  }
  return <img className="avatar" style={style} src={src} alt={decorative ? '' : name} onError={() => setFailedSrc(src)} />;
}
