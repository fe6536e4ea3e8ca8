// Types of ./chromium.js for the e2e tests' TypeScript.
import type { Browser } from 'playwright-core';

export declare const CHROMIUM_ARGS: readonly string[];
export declare function launchChromium(extraArgs?: readonly string[]): Promise<Browser>;
