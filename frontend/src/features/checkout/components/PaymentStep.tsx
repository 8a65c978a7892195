import { useEffect, useState } from 'react';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import {
  MISSING_INFORMATION_MESSAGE,
  PAID_CONFIRMATION_PENDING,
  PAYMENT_INIT_FAILED,
  type BookingView,
} from '@barber/shared';
import { isApiError } from '../../../lib/api';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast';
import { createPaymentIntent, fetchPublishableKey } from '../api/checkout';
import { stripeFor } from '../lib/stripe';
import { StripePaymentForm } from './StripePaymentForm';

type Init =
  | { kind: 'loading' }
  | { kind: 'ready'; stripe: Stripe; clientSecret: string }
  | { kind: 'error'; message?: string }
  // paid already (a tab closed before the payment was recorded): nothing to pay again
  | { kind: 'paid' };

/** Step 2 with fee collection on: the Stripe Payment Element for the booking's total. */
export function PaymentStep({
  booking,
  onFinishing,
}: {
  booking: BookingView;
  onFinishing?: (finishing: boolean) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const [init, setInit] = useState<Init>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setInit({ kind: 'loading' });
    (async () => {
      try {
        const [key, clientSecret] = await Promise.all([fetchPublishableKey(), createPaymentIntent(booking.id)]);
        if (!key) throw new Error('No publishable key');
        // Stripe.js loaded first: a blocked or failed load is an error with Try Again, not a form that never shows
        const stripe = await stripeFor(key);
        if (!stripe) throw new Error('Stripe.js is not available');
        if (!cancelled) setInit({ kind: 'ready', stripe, clientSecret });
      } catch (error) {
        if (cancelled) return;
        if (isApiError(error) && error.status === 409 && error.body?.paymentStatus !== undefined) {
          setInit({ kind: 'paid' });
          return;
        }
        // the contact details are not saved (another tab cleared them, say): the specification's own words
        if (isApiError(error) && error.status === 400 && error.body?.requires === 'details') {
          toast({ title: MISSING_INFORMATION_MESSAGE, variant: 'destructive' });
          setInit({ kind: 'error', message: MISSING_INFORMATION_MESSAGE });
          return;
        }
        console.error('Payment initialization failed', error);
        toast({ title: 'Payment Error', description: PAYMENT_INIT_FAILED, variant: 'destructive' });
        setInit({ kind: 'error' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [booking.id, attempt]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment</CardTitle>
      </CardHeader>
      <CardContent>
        {init.kind === 'loading' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-zinc-600">
            <Spinner className="size-4" /> Preparing secure payment...
          </p>
        ) : init.kind === 'paid' ? (
          <p role="status" className="text-sm font-medium text-zinc-800">
            {PAID_CONFIRMATION_PENDING}
          </p>
        ) : init.kind === 'error' ? (
          <div role="alert" className="space-y-3">
            <p className="text-sm font-medium text-red-700">
              {init.message ?? `Payment Error: ${PAYMENT_INIT_FAILED}`}
            </p>
            <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              Try Again
            </Button>
          </div>
        ) : (
          <Elements stripe={init.stripe} options={{ clientSecret: init.clientSecret, appearance: { theme: 'stripe' } }}>
            <StripePaymentForm booking={booking} onFinishing={onFinishing} />
          </Elements>
        )}
      </CardContent>
    </Card>
  );
}
