/**
 * How one operation of the core runs on both backends. An operation is a generator: each storage
 * call it makes is handed to the runner with `yield* wait(store.call(...))`, and the runner hands
 * the value back. The fake backend's store answers at once (`runNow`: the write stays inside one
 * synchronous step, so its IndexedDB transaction and its way back hold); api-server's answers
 * with promises (`runAsync`). The rules are written once, in the operation.
 */

/** Who asks, and when (one timestamp per request: every record it writes gets the same time). */
export interface Actor {
  memberId: string;
  now: string;
}

/** A storage call's answer: a value now (memory) or later (SQL). */
export type Step<T> = T | Promise<T>;

/** An operation: yields storage steps, returns its outcome. */
export type Operation<T> = Generator<Step<unknown>, T, unknown>;

/** The value of one storage step. */
export function* wait<T>(step: Step<T>): Generator<Step<T>, T, unknown> {
  return (yield step) as T;
}

/** Runs an operation whose store answers at once; a store that answers later is a programming error. */
export function runNow<T>(operation: Operation<T>): T {
  let next = operation.next();
  while (!next.done) {
    if (next.value instanceof Promise) throw new Error('runNow: this store answered with a promise; use runAsync');
    next = operation.next(next.value);
  }
  return next.value;
}

/** Runs an operation whose store answers with promises; a failed step is thrown inside the operation. */
export async function runAsync<T>(operation: Operation<T>): Promise<T> {
  let next = operation.next();
  while (!next.done) {
    let value: unknown;
    try {
      value = await next.value;
    } catch (error) {
      next = operation.throw(error);
      continue;
    }
    next = operation.next(value);
  }
  return next.value;
}
