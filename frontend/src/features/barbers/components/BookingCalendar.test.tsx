// @vitest-environment happy-dom
import '../../../test/dom';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingCalendar } from './BookingCalendar';

afterEach(() => vi.useRealTimers());

describe('the booking calendar', () => {
  it('moves today at midnight in New York on a page left open: the day gone by can no longer be chosen', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-24T04:59:00Z')); // 23:59 on November 23 in New York
    render(<BookingCalendar value={null} onChange={() => {}} />);
    const day = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(day(/November 23, 2026 \(today\)/).disabled).toBe(false);

    act(() => {
      vi.setSystemTime(new Date('2026-11-24T05:01:00Z')); // 00:01 on November 24
      vi.advanceTimersByTime(60_000);
    });
    expect(day(/November 23, 2026/).disabled).toBe(true);
    expect(day(/November 24, 2026 \(today\)/).disabled).toBe(false);
  });

  it('gives focus to the other arrow when the one pressed is disabled at the end of the booking window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T15:00:00Z')); // the window ends on December 23
    render(<BookingCalendar value={null} onChange={() => {}} />);
    const user = userEvent.setup();
    const next = screen.getByRole('button', { name: 'Next month' });
    await user.click(next);
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous month' }));
  });
});
