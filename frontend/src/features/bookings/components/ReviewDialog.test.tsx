// @vitest-environment happy-dom
import '../../../test/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { bookingView } from '../../../test/booking';
import { useReviewedNow } from '../stores/bookings';
import { ReviewDialog } from './ReviewDialog';

/* Issue 12 item 4: Leave Review is checked by reviewInputSchema and sends what it parsed. */

const submitReview = vi.hoisted(() => vi.fn());
vi.mock('../api/bookings', () => ({ submitReview }));

const booking = bookingView({ status: 'completed', paid: true });

beforeEach(() => {
  submitReview.mockReset().mockResolvedValue({ id: 1 });
  useReviewedNow.setState({ reviewed: {} });
});

describe('ReviewDialog', () => {
  it('asks for a rating with the schema message and sends nothing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<ReviewDialog booking={booking} onClose={onClose} />);

    await user.type(screen.getByLabelText('Comment (optional)'), 'Great fade');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Rating must be between 1 and 5');
    expect(submitReview).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    // picking a star clears the message
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a comment over 2000 characters with the schema message', async () => {
    const user = userEvent.setup();
    render(<ReviewDialog booking={booking} onClose={() => {}} />);
    const comment = screen.getByLabelText('Comment (optional)') as HTMLTextAreaElement;
    comment.removeAttribute('maxlength'); // a pasted text or a browser that ignores maxlength
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(comment);
    await user.paste('x'.repeat(2001));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Comment must be at most 2000 characters')).toBeTruthy();
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(submitReview).not.toHaveBeenCalled();
  });

  it('is not closed by Escape or its X while the review is being sent (a failure would drop what was written)', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    submitReview.mockReturnValue(new Promise(() => {}));
    render(<ReviewDialog booking={booking} onClose={onClose} />);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Comment (optional)'), 'A long review');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the rating and the trimmed comment, marks the booking reviewed and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<ReviewDialog booking={booking} onClose={onClose} />);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Comment (optional)'), '  On time and friendly  ');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(submitReview).toHaveBeenCalledWith(booking.id, { rating: 4, comment: 'On time and friendly' });
    expect(useReviewedNow.getState().reviewed[booking.id]).toBe(4);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("has the barber's rating read again on the home listing and in search, not only on the profile", async () => {
    const listing = ['/api/barbers', { city: 'all', limit: 20 }];
    const search = ['/api/search/barbers', { zipcode: '33130', date: '2099-11-26' }];
    for (const key of [listing, search]) queryClient.setQueryData(key, { barbers: [] });
    const user = userEvent.setup();
    render(<ReviewDialog booking={booking} onClose={() => {}} />);
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await vi.waitFor(() => expect(submitReview).toHaveBeenCalled());
    await vi.waitFor(() =>
      expect([listing, search].map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true]),
    );
    queryClient.clear();
  });
});
