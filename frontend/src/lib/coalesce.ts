/** A call that runs at most once per window, and `cancel`, which drops the one waiting (on unmount). */
export interface Coalesced {
  (): void;
  cancel: () => void;
}

/**
 * Runs `fn` at most once every `ms`: the first call runs at once, the calls made during the window that
 * follows collapse into one at its end. For refreshes asked by bursts of pushed events (a reload per
 * event would be a storm of requests, none at all would leave the screen behind).
 */
export function coalesce(fn: () => void, ms: number): Coalesced {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting = false;
  const tick = () => {
    if (!waiting) {
      timer = null;
      return;
    }
    waiting = false;
    fn();
    timer = setTimeout(tick, ms);
  };
  const call = () => {
    if (timer !== null) {
      waiting = true;
      return;
    }
    fn();
    timer = setTimeout(tick, ms);
  };
  call.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    waiting = false;
  };
  return call;
}
