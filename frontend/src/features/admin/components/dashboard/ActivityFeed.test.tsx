// @vitest-environment happy-dom
import '../../../../test/dom';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAdminActivity, type ActivityItem } from '../../stores/activity';
import { ActivityFeed } from './ActivityFeed';

afterEach(() => useAdminActivity.getState().reset());

const item = (over: Partial<ActivityItem>): ActivityItem => ({
  key: `ev:1:${over.type}`,
  type: 'created',
  bookingId: 'b1',
  status: null,
  at: '2026-11-25T10:00:00.000Z',
  cursor: null,
  live: true,
  customerName: 'Ana Ruiz',
  barberName: 'Ben Ortiz',
  serviceName: 'Fade',
  totalAmount: '40.00',
  refundedAmount: '0.00',
  ...over,
});

describe('Live Activity', () => {
  it("shows what a refund gave back (a part of the price, at times), and a booking's price on its creation", () => {
    useAdminActivity.setState({
      items: [item({ key: 'ev:2', type: 'refunded', refundedAmount: '10.00' }), item({ key: 'ev:1', type: 'created' })],
    });
    render(<ActivityFeed />);
    const [refund, created] = screen.getAllByTestId('activity-item');
    expect(within(refund!).getByText(/Payment refunded/).textContent).toContain('$10.00');
    expect(refund!.textContent).not.toContain('$40.00');
    expect(within(created!).getByText(/New booking|Booking/).textContent).toContain('$40.00');
  });

  it('is a log that reads out new events only, not its relative times re-rendered every 30 seconds', () => {
    useAdminActivity.setState({ items: [item({ key: 'ev:1', type: 'created' })] });
    render(<ActivityFeed />);
    expect(screen.getByRole('log', { name: 'Platform activity' }).getAttribute('aria-relevant')).toBe('additions');
  });
});
