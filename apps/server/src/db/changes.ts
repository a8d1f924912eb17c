/**
 * The columns of an edit that change the row: those of `set` given (not undefined) whose value differs from the
 * row's. Null means the edit changes nothing: the caller then writes nothing (an UPDATE with nothing to set is an
 * SQL error on both engines) and records no audit row, so an empty body, or a form saved with its values
 * unchanged, is a no-op rather than a failure.
 */
export function changedColumns<S extends object>(before: object, set: S): Partial<S> | null {
  const row = before as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(set)) {
    if (value !== undefined && row[key] !== value) changed[key] = value;
  }
  return Object.keys(changed).length ? (changed as Partial<S>) : null;
}
