/**
 * Reports a remote built against a shared module version the page does not provide (the
 * ranges come from sharedModules() in tools/webpack.factory.js: a remote records the shell
 * version it was built with as `^x.y.z`). A federation runtime plugin sees every share
 * resolution of every app on the page (it is registered globally, before any remote starts);
 * a mismatch gives a console warning and, in development builds, a visible notice.
 */
import React, { useSyncExternalStore } from 'react';
import { registerGlobalPlugins, registerPlugins, satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface VersionMismatch {
  /** The shared module, e.g. '@social/shell/bus'. */
  module: string;
  /** The app that asked for it, e.g. 'feed'. */
  app: string;
  /** The range it was built against, e.g. '^1.0.0'. */
  required: string;
  /** The version the page gives it, and which app provided that copy. */
  provided: string;
  providedBy: string;
}

let mismatches: readonly VersionMismatch[] = [];
const listeners = new Set<() => void>();

function versionMessage(m: VersionMismatch): string {
  return `${m.app} was built against ${m.module} ${m.required}, but this page provides ${m.provided} (from ${m.providedBy}). Rebuild ${m.app} against the current shell, or deploy a shell it supports.`;
}

/** Records a mismatch once (an app asks for a module once per load, a retry may ask again). */
function reportVersionMismatch(mismatch: VersionMismatch): void {
  const seen = mismatches.some((m) => m.module === mismatch.module && m.app === mismatch.app && m.provided === mismatch.provided);
  if (seen) return;
  console.warn(`[shell] shared module version mismatch: ${versionMessage(mismatch)}`);
  mismatches = [...mismatches, mismatch];
  listeners.forEach((listener) => listener());
}

export function versionMismatches(): readonly VersionMismatch[] {
  return mismatches;
}

/** Forgets reported mismatches (tests). */
export function resetVersionMismatches(): void {
  mismatches = [];
  listeners.forEach((listener) => listener());
}

/** The runtime plugin: looks at each resolved share and reports a version outside the asker's range. */
export function versionCheckPlugin(): ModuleFederationRuntimePlugin {
  // The runtime's satisfy() parses both strings with a dozen regular expressions on every call,
  // and a page resolves the same few (version, range) pairs once per app: each pair is checked once.
  const checked = new Map<string, boolean>();
  const satisfies = (version: string, range: string) => {
    const key = `${version} ${range}`;
    let result = checked.get(key);
    if (result === undefined) checked.set(key, (result = satisfy(version, range)));
    return result;
  };
  return {
    name: 'orbit-shared-version-check',
    resolveShare(args) {
      const { pkgName, version, shareInfo, shareScopeMap, scope } = args;
      const required = shareInfo.shareConfig?.requiredVersion;
      if (typeof required === 'string' && version && !satisfies(version, required)) {
        const provider = shareScopeMap[scope]?.[pkgName]?.[version];
        reportVersionMismatch({
          module: pkgName,
          app: shareInfo.from,
          required,
          provided: version,
          providedBy: provider?.from ?? 'unknown',
        });
      }
      return args;
    },
  };
}

/** Installs the check for this app's federation instance and every one created after (the remotes'). */
export function installVersionCheck(): void {
  const plugin = versionCheckPlugin();
  registerGlobalPlugins([plugin]);
  registerPlugins([plugin]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The visible notice (development builds): which app expects which version of which shared module. */
export function VersionNotice() {
  const list = useSyncExternalStore(subscribe, versionMismatches, versionMismatches);
  if (process.env.NODE_ENV === 'production' || list.length === 0) return null;
  return (
    <aside className="version-notice" role="alert" aria-label="Shared module versions">
      <strong>Development notice: incompatible shared modules</strong>
      <ul>
        {list.map((m) => (
          <li key={`${m.app} ${m.module}`}>{versionMessage(m)}</li>
        ))}
      </ul>
    </aside>
  );
}
