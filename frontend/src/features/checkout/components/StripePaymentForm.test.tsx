// @vitest-environment happy-dom
import '../../../test/dom';
import { PAID_CONFIRMATION_PENDING, type ConfirmReturnAnswer } from '@barber/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { toast } from '../../../components/ui/toast';
import { fakeApi } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { StripePaymentForm } from './StripePaymentForm';

// Stripe's servers cannot be reached: the Payment Element is replaced by a card that always succeeds.
const confirmPayment = vi.hoisted(() =>
  vi.fn(async (): Promise<unknown> => ({ paymentIntent: { id: 'pi_test_1', status: 'succeeded' } })),
);
vi.mock('@stripe/react-stripe-js', () => ({
  PaymentElement: () => null,
  useElements: () => ({}),
  useStripe: () => ({ confirmPayment }),
}));

vi.mock('../../../components/ui/toast', () => ({ toast: vi.fn() }));
const toasted = () => vi.mocked(toast).mock.calls.map(([t]) => [t.title, t.description].filter(Boolean).join(': '));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

async function payAnswered(answer: ConfirmReturnAnswer) {
  const { requests } = fakeApi(({ method, path }) =>
    method === 'POST' && path === '/api/payments/confirm-return' ? { status: 200, body: answer } : undefined,
  );
  const booking = bookingView();
  render(
    <Router hook={memoryLocation({ path: '/checkout' }).hook}>
      <StripePaymentForm booking={booking} />
    </Router>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
  return requests;
}

describe('the card form after Stripe took the payment', () => {
  it('says the appointment is confirmed when the server confirmed it', async () => {
    const requests = await payAnswered({ status: 'confirmed', bookingId: bookingView().id });
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    // confirmed on the server's word about the payment Stripe took, not on what the screen holds
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/payments/confirm-return',
        body: { paymentIntentId: 'pi_test_1', redirectStatus: 'succeeded' },
      },
    ]);
    expect(toasted()).toEqual(['Payment Successful: Your appointment is confirmed.']);
  });

  it('says confirmation is pending when the booking was no longer waiting for it (the checkout expired)', async () => {
    await payAnswered({ status: 'no_pending_booking', bookingId: bookingView().id });
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(toasted()).toEqual([PAID_CONFIRMATION_PENDING]);
  });

  it('shows the failure when the server found the payment failed', async () => {
    await payAnswered({ status: 'failed', bookingId: bookingView().id });
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(toasted()).toEqual(['Payment Failed: An error occurred during payment processing.']);
  });
});

describe('the card form when Stripe refuses to charge a card charged already', () => {
  it('says the payment went through (a Try Again after the first answer was lost), and has it recorded', async () => {
    confirmPayment.mockResolvedValueOnce({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        payment_intent: { id: 'pi_test_1', status: 'succeeded' },
      },
    });
    const requests = await payAnswered({ status: 'confirmed', bookingId: bookingView().id });
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(requests.map((r) => r.path)).toEqual(['/api/payments/confirm-return']);
  });
});
