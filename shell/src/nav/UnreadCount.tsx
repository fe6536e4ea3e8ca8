import { useEffect } from 'react';
import { useUnreadNotifications } from '@social/shell/data';

/**
 * Reports the member's stored unread count (kept live by the shell's live layer). Its own chunk:
 * `@social/shell/data` is never in the shell's start-up code (tools/webpack.factory.js).
 */
export default function UnreadCount({ onChange }: { onChange: (count: number) => void }) {
  const unread = useUnreadNotifications();
  useEffect(() => onChange(unread), [unread, onChange]);
  return null;
}
