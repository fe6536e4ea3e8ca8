// Types of ./layout-shift.js for the e2e tests' TypeScript.
import type { Page } from 'playwright-core';

export interface LayoutShift {
  value: number;
  /** ms from navigation start */
  at: number;
  /** What moved: `TAG.class top→top` */
  moved: string[];
}
export declare function watchLayoutShift(page: Page): Promise<void>;
export declare function layoutShiftOf(page: Page): Promise<{ cls: number; shifts: LayoutShift[] }>;
