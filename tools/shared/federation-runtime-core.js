/**
 * A remote's own page (production build): provides the federation runtime core its bundles
 * expect as a global. Remotes are built without their own copy (experiments.externalRuntime in
 * tools/webpack.factory.js) because in the product the shell provides it once for all of them.
 */
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
