/**
 * Loads the member a profile shows, by handle, and keeps it in step with the shared users
 * list (users$), which follow, unfollow and profile edits refresh.
 */
import { useCallback, useState } from 'react';
import type { User } from '@social/mock-api/contract';
import { ApiError, api, errorMessage, toast, useUsers } from '@social/shell/bus';
import { useAbortableEffect } from '@social/shell/actions';

export type MemberState =
  | { status: 'loading'; member: User | null }
  | { status: 'ready'; member: User }
  | { status: 'notFound' }
  | { status: 'error'; message: string };

interface Loaded {
  handle: string;
  status: 'loading' | 'ready' | 'notFound' | 'error';
  user: User | null;
  message: string;
}

const stamp = (user: User): number => {
  const t = Date.parse(user.updatedAt);
  return Number.isNaN(t) ? 0 : t;
};

/** The newer of two copies of a member; the shared list wins a tie (it is what every app shows). */
function fresher(listed: User | undefined, loaded: User | null): User | null {
  if (!listed) return loaded;
  if (!loaded) return listed;
  return stamp(loaded) > stamp(listed) ? loaded : listed;
}

export function useMember(handle: string): MemberState & { reload: () => void; replace: (user: User) => void } {
  const { allUsers } = useUsers();
  const [loaded, setLoaded] = useState<Loaded>({ handle, status: 'loading', user: null, message: '' });
  const [attempt, setAttempt] = useState(0);

  useAbortableEffect(
    (signal) => {
      setLoaded((prev) => ({ handle, status: 'loading', user: prev.handle === handle ? prev.user : null, message: '' }));
      api.users
        .byHandler(handle)
        .then(({ user }) => {
          if (!signal.aborted) setLoaded({ handle, status: 'ready', user, message: '' });
        })
        .catch((error: unknown) => {
          if (signal.aborted) return;
          if (error instanceof ApiError && error.status === 404) {
            setLoaded({ handle, status: 'notFound', user: null, message: '' });
            return;
          }
          const message = errorMessage(error);
          toast('error', message);
          setLoaded({ handle, status: 'error', user: null, message });
        });
    },
    [handle, attempt],
  );

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((user: User) => {
    setLoaded((prev) => (prev.user && prev.user._id === user._id ? { ...prev, user } : prev));
  }, []);

  // A stale answer for the previous handle is never shown for the new one.
  const current = loaded.handle === handle ? loaded : { handle, status: 'loading' as const, user: null, message: '' };
  const lower = handle.toLowerCase();
  const listed = current.user
    ? allUsers.find((u) => u._id === current.user?._id)
    : allUsers.find((u) => u.userHandler.toLowerCase() === lower);

  if (current.status === 'notFound') return { status: 'notFound', reload, replace };
  if (current.status === 'error') return { status: 'error', message: current.message, reload, replace };
  const member = fresher(listed, current.user);
  if (current.status === 'ready' && member) return { status: 'ready', member, reload, replace };
  // Still loading: show the member from the shared list at once when it is there.
  return { status: 'loading', member: member ?? null, reload, replace };
}
