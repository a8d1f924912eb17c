/**
 * A fresh request id for one confirmation or one submit (the contract's [A-Za-z0-9_-]{8,64}): the server treats
 * the same id again as the same request, so a repeated click never does the thing twice.
 */
export function newRequestId(): string {
  // randomUUID needs a secure context (https or localhost); getRandomValues does not
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
