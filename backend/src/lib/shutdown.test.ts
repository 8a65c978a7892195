import { afterEach, describe, expect, it, vi } from 'vitest';
import { armShutdownDeadline } from './shutdown';

afterEach(() => vi.useRealTimers());

describe('armShutdownDeadline', () => {
  it('exits with code 1 once the deadline passes, and not before', () => {
    vi.useFakeTimers();
    const exit = vi.fn();
    const log = { error: vi.fn() };
    armShutdownDeadline(log, { ms: 25_000, exit });
    vi.advanceTimersByTime(24_999);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(log.error).toHaveBeenCalledOnce();
  });

  it('keeps no process alive by itself (its timer is unref’d)', () => {
    const timer = armShutdownDeadline({ error: vi.fn() }, { exit: vi.fn() });
    try {
      expect(timer.hasRef()).toBe(false);
    } finally {
      clearTimeout(timer);
    }
  });
});
