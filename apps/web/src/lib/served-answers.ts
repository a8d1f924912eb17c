/**
 * The API answers a served page came with (apps/server/src/modules/site/page-renderer.ts renders the page with them;
 * app/start.tsx puts them in the query cache). Until the member's first navigation they are this entry's answers: a
 * query that fetches again on every entry (the pack page) need not ask again while the page hydrates.
 */
const served = new Set<string>();

const id = (key: readonly unknown[]) => JSON.stringify(key);

export function markServed(key: readonly unknown[]): void {
  served.add(id(key));
}

/** True while the page the query's answer came with is the one shown. */
export function isServed(key: readonly unknown[]): boolean {
  return served.has(id(key));
}

/** The member has moved on: the next entry fetches again. */
export function forgetServed(): void {
  served.clear();
}
