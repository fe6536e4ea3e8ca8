import type { NotificationKind, NotificationV2 } from '@social/mock-api/contract-v2';
import { fullName } from '@social/shell/ui';

const WHAT: Record<NotificationKind, string> = {
  like: 'liked your post',
  comment: 'commented on your post',
  reply: 'replied to your comment',
  mention: 'mentioned you',
  follow: 'followed you',
  upvote: 'upvoted your comment',
  repost: 'reposted your post',
  quote: 'quoted your post',
};

/** Who did it: "Sara Ahmed", "Sara Ahmed and 1 other", "Sara Ahmed and 2 others" (the newest member first). */
function whoDidIt(notification: NotificationV2): string {
  const name = fullName(notification.actor);
  const others = notification.actorCount - 1;
  if (others <= 0) return name;
  return `${name} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** The sentence a notification reads as (docs/notifications.md), without the quoted text. */
export const notificationText = (notification: NotificationV2): string => `${whoDidIt(notification)} ${WHAT[notification.kind]}`;
