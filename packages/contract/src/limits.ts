/**
 * The purchase and practice limits, in a module without schemas: a page that only shows them (the pack page's count
 * select) does not have to build every schema of draws.ts and pack-fairness.ts while it starts.
 */

/** Plays one purchase may buy at most (draws.ts checks a count against it). */
export const MAX_PURCHASE_COUNT = 3000;

/** Plays a practice draw may show at once. */
export const MAX_PRACTICE_COUNT = 10;
