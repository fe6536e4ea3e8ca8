/** React hooks that read the bus's state; each re-renders only when its subject emits. */
import { useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';

export function useSubject<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const subscription = subject.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => subject.value,
    () => subject.value,
  );
}
