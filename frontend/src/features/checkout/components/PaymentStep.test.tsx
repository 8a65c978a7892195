// @vitest-environment happy-dom
import '../../../test/dom';
import { MISSING_INFORMATION_MESSAGE, PAID_CONFIRMATION_PENDING, PAYMENT_INIT_FAILED } from '@barber/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRoute } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { stripeFor } from '../lib/stripe';
import { PaymentStep } from './PaymentStep';

vi.mock('../lib/stripe', () => ({ stripeFor: vi.fn() }));
vi.mock('../../../components/ui/toast', () => ({ toast: vi.fn() }));
vi.mock('./StripePaymentForm', () => ({ StripePaymentForm: () => <p>Card form</p> }));

afterEach(() => vi.unstubAllGlobals());

const config: FakeRoute = ({ path }) =>
  path === '/api/stripe/config' ? { status: 200, body: { publishableKey: 'pk_test_1' } } : undefined;
const intent =
  (answer: { status: number; body: unknown }): FakeRoute =>
  ({ method, path }) =>
    method === 'POST' && path === '/api/create-payment-intent' ? answer : undefined;

describe('the payment step', () => {
  it('says the payment went through when Stripe took it before it was recorded, with nothing to try again', async () => {
    fakeApi(
      config,
      intent({
        status: 409,
        body: {
          code: 'CONFLICT',
          message: 'This booking is already paid. Its confirmation is on its way.',
          paymentStatus: 'succeeded',
        },
      }),
    );
    render(<PaymentStep booking={bookingView()} />);
    expect(await screen.findByText(PAID_CONFIRMATION_PENDING)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('says Payment Error with Try Again when Stripe.js cannot load, not a form that never shows', async () => {
    vi.mocked(stripeFor).mockResolvedValue(null);
    fakeApi(config, intent({ status: 200, body: { clientSecret: 'pi_1_secret_2' } }));
    render(<PaymentStep booking={bookingView()} />);
    expect(await screen.findByText(`Payment Error: ${PAYMENT_INIT_FAILED}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.queryByText('Card form')).toBeNull();
  });

  it("says Missing Information in the specification's words when the server finds the contact details unsaved", async () => {
    fakeApi(
      config,
      intent({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: MISSING_INFORMATION_MESSAGE, requires: 'details' },
      }),
    );
    render(<PaymentStep booking={bookingView()} />);
    expect(await screen.findByText(MISSING_INFORMATION_MESSAGE)).toBeTruthy();
  });
});
