// @vitest-environment happy-dom
import '../../../../test/dom';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingView } from '../../../../test/booking';
import { QuickActions } from './QuickActions';

afterEach(() => vi.useRealTimers());

describe('QuickActions', () => {
  it('offers En Route when the appointment day begins, without waiting for another render', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-26T04:59:45Z')); // 23:59:45 in New York, the evening before
    const booking = bookingView({ status: 'confirmed', paid: true, detailsSaved: true, date: '2026-11-26' });
    render(<QuickActions booking={booking} onAction={() => {}} />);
    expect(screen.queryByRole('button', { name: /en route/i })).toBeNull();
    act(() => void vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: /en route/i })).toBeTruthy();
  });
});
