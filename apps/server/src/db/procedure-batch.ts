/**
 * How a procedure's calls may run together as one set-based call (one statement, one commit for many callers),
 * told in plain data so that any engine may use it: the procedure's own rules run here, in JavaScript, and the
 * engine's statement only applies what they decided. Nothing in it names an engine.
 */
export interface ProcedureBatch<A, P, O, R> {
  /** Calls with the same key may share one statement (e.g. the purchases of one pack). */
  key(args: A): string | number;
  /** Each call's share of the batch's bound (e.g. the lots it claims). */
  weight(args: A): number;
  /**
   * The call as the statement takes it, with everything the rules decided; throws the call's refusal; undefined
   * when only the whole procedure can decide it (`body` runs instead).
   */
  prepare(args: A): P | undefined;
  /** The statement's outcome for the call: its answer, its refusal thrown, or undefined to run `body` instead. */
  settle(args: A, prepared: P, outcome: O): R | undefined;
}
