import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The runtime plugin that starts each remote's container (its `init`: the remote's shared
 * modules registered, their versions resolved against the shell's) in a task of its own. The
 * browser evaluates a remoteEntry.js and fires its load event in one task, and the runtime
 * went on to the container's start in that task's microtasks: on /login, the idle prefetch of
 * the feed and post remotes (../app/prefetch.ts) then blocked the main thread 110-140 ms per
 * remote under Lighthouse's 4× CPU. A timer between the two gives input and frames a turn
 * (docs/performance.md, "…started in two tasks").
 */
export function containerInitInItsOwnTask(): ModuleFederationRuntimePlugin {
  return {
    name: 'orbit-container-init-in-its-own-task',
    beforeInitContainer(args) {
      return new Promise((resolve) => setTimeout(() => resolve(args), 0));
    },
  };
}
