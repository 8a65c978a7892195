import type { Sql } from '../db/connect';

export const EVENTS_CHANNEL = 'events';

/*
 * How tailers learn that the log grew. A NOTIFY inside the writing transaction serialises every
 * commit of the server on Postgres' notify queue lock (measured: appends fell from 2,500/s to 340/s),
 * so writers announce AFTER their commit instead: the tailers of this process are woken at once, and
 * the other processes (instances, the worker) through one NOTIFY at a time per pool, coalesced.
 * It is a hint only: tailers read by their cursor and poll too, so a lost announcement loses nothing.
 */

const local = new Set<() => void>();

/** Registers a tailer of this process; answers the function that unregisters it. */
export function onLocalAppend(listener: () => void): () => void {
  local.add(listener);
  return () => local.delete(listener);
}

interface NotifyState {
  inFlight: boolean;
  pending: boolean;
}
const notifying = new WeakMap<Sql, NotifyState>();

/** Wakes the tailers of this process (a tailer that finds nothing yet looks again soon after). */
export function announceLocally(): void {
  for (const listener of local) listener();
}

/** Tells every tailer that events were appended (call after the commit). Never throws, never waits. */
export function announceAppend(sql: Sql): void {
  announceLocally();
  let state = notifying.get(sql);
  if (!state) notifying.set(sql, (state = { inFlight: false, pending: false }));
  notifyOthers(sql, state);
}

function notifyOthers(sql: Sql, state: NotifyState): void {
  if (state.inFlight) {
    state.pending = true;
    return;
  }
  state.inFlight = true;
  sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`
    .catch(() => {}) // a hint: the tailers' poll covers a failed one
    .finally(() => {
      state.inFlight = false;
      if (state.pending) {
        state.pending = false;
        notifyOthers(sql, state);
      }
    });
}
