/*
 * Whether the browser's Back stays in the app. Counting screens cannot tell: the browser's own Back and
 * Forward change the screen too (and StrictMode runs effects twice). Instead every history entry the app
 * pushes carries its depth in `history.state`: one more than the entry it was pushed from. An entry
 * without one (the page opened from another site, a shared link, a typed address) is depth 0, the first
 * of its run of in-app entries; a replaced entry keeps its depth. The browser restores an entry's state
 * on Back, Forward and reload, so the depth read is always the current entry's.
 */

const DEPTH_KEY = 'barber.inAppDepth';

type HistoryState = Record<string, unknown> | null | undefined;

function isPlainState(state: unknown): state is HistoryState {
  if (state === null || state === undefined) return true;
  if (typeof state !== 'object' || Array.isArray(state)) return false;
  const proto: unknown = Object.getPrototypeOf(state);
  return proto === Object.prototype || proto === null;
}

/** The current entry's depth: 0 for an entry the app did not push. */
function currentDepth(): number {
  const state: unknown = window.history.state;
  if (!state || typeof state !== 'object') return 0;
  const depth = (state as Record<string, unknown>)[DEPTH_KEY];
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0;
}

/** `state` with the depth in it; a state of another shape (a string, a class) is left as it is. */
function withDepth(state: unknown, depth: number): unknown {
  if (!isPlainState(state)) return state;
  return { ...(state ?? {}), [DEPTH_KEY]: depth };
}

const installed = Symbol.for('barber.inAppHistory');

/**
 * Stamps the depth on every entry pushed or replaced from now on (wouter navigates with
 * history.pushState and replaceState). Call once at start-up, before the first navigation; later calls
 * do nothing.
 */
export function trackInAppHistory(): void {
  if (typeof window === 'undefined') return;
  const history = window.history as History & { [installed]?: true };
  if (history[installed]) return;
  Object.defineProperty(history, installed, { value: true });
  const push = history.pushState;
  const replace = history.replaceState;
  history.pushState = function (state: unknown, unused: string, url?: string | URL | null) {
    return push.call(this, withDepth(state, currentDepth() + 1), unused, url);
  };
  history.replaceState = function (state: unknown, unused: string, url?: string | URL | null) {
    return replace.call(this, withDepth(state, currentDepth()), unused, url);
  };
}

/**
 * Whether going back stays in the app: the current entry was pushed by the app, so the one before it is
 * the app's too. `history.length` also counts other sites' pages before it (a search engine, a shared
 * link) and the entries after it, where a Back link must not lead.
 */
export function canGoBackInApp(): boolean {
  return currentDepth() > 0;
}
