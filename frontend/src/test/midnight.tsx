import type { ReactElement } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { fakeApi } from './app';

/**
 * Renders `ui` at 23:59 on March 1 in New York and lets the clock pass midnight: the reads of `path` asked for a
 * range ending March 1, then one ending March 2 (a screen left open overnight counts the new day).
 */
export async function expectRangeToFollowMidnight(ui: ReactElement, path: string): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  try {
    vi.setSystemTime(new Date('2026-03-02T04:59:00Z')); // 23:59 on March 1 in New York
    const { requests } = fakeApi(() => undefined);
    render(ui);
    const asked = () => requests.filter((r) => r.path.startsWith(path)).map((r) => r.path);
    await waitFor(() => expect(asked().some((p) => p.includes('endDate=2026-03-01'))).toBe(true));
    act(() => {
      vi.setSystemTime(new Date('2026-03-02T05:01:00Z')); // 00:01 on March 2
      vi.advanceTimersByTime(60_000);
    });
    await waitFor(() => expect(asked().some((p) => p.includes('endDate=2026-03-02'))).toBe(true));
  } finally {
    vi.useRealTimers();
  }
}
