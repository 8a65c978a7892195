import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { CheckCircle2, XCircle } from 'lucide-react';
import { PAID_CONFIRMATION_PENDING, type BookingView } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast';
import { formatMoney } from '../../../lib/customer/format';
import { confirmPaymentNow } from '../api/checkout';
import { PAID_REDIRECT_MS, PAYMENT_FAILED_DEFAULT, PAYMENT_UNEXPECTED } from '../lib/stripe';

type PayState = { kind: 'idle' } | { kind: 'processing' } | { kind: 'success' } | { kind: 'error'; message: string };

/**
 * The card form (Stripe Payment Element) and its states: idle, success (to /bookings after 2 s), error (Try Again).
 * `onFinishing` is told whether a payment is under way or done (the page then keeps this screen).
 */
export function StripePaymentForm({
  booking,
  onFinishing,
}: {
  booking: BookingView;
  onFinishing?: (finishing: boolean) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [, navigate] = useLocation();
  const [state, setState] = useState<PayState>({ kind: 'idle' });

  useEffect(() => {
    onFinishing?.(state.kind === 'processing' || state.kind === 'success');
  }, [state.kind, onFinishing]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => navigate('/bookings'), PAID_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  // Confirmed only when the server says so: a checkout that expired while the form was open is paid but no longer
  // pending (the payment is refunded), and a processing payment is confirmed by the webhook.
  const settle = async (intentId: string) => {
    const answer = await confirmPaymentNow(intentId).catch(() => null);
    if (answer?.status === 'failed') {
      toast({ title: 'Payment Failed', description: PAYMENT_FAILED_DEFAULT, variant: 'destructive' });
      setState({ kind: 'error', message: PAYMENT_FAILED_DEFAULT });
      return;
    }
    if (answer?.status === 'confirmed')
      toast({ title: 'Payment Successful', description: 'Your appointment is confirmed.', variant: 'success' });
    else toast({ title: PAID_CONFIRMATION_PENDING });
    setState({ kind: 'success' });
  };

  const pay = async () => {
    if (!stripe || !elements) return;
    setState({ kind: 'processing' });
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/bookings` },
        redirect: 'if_required',
      });
      // Refused because the card was charged already (a Try Again after an answer lost to the network): paid
      const charged = error?.payment_intent ?? paymentIntent;
      if (charged && (charged.status === 'succeeded' || charged.status === 'processing')) {
        await settle(charged.id);
        return;
      }
      if (error) {
        const message = error.message || PAYMENT_FAILED_DEFAULT;
        toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
        setState({ kind: 'error', message });
        return;
      }
      toast({ title: 'Payment Failed', description: PAYMENT_FAILED_DEFAULT, variant: 'destructive' });
      setState({ kind: 'error', message: PAYMENT_FAILED_DEFAULT });
    } catch {
      toast({ title: 'Payment Failed', description: PAYMENT_UNEXPECTED, variant: 'destructive' });
      setState({ kind: 'error', message: PAYMENT_UNEXPECTED });
    }
  };

  if (state.kind === 'success') {
    return (
      <div role="status" className="flex flex-col items-center gap-2 py-6 text-center">
        <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
        <p className="text-lg font-semibold">Payment Successful!</p>
        <p className="text-sm text-zinc-600">Redirecting to your bookings...</p>
      </div>
    );
  }

  if (state.kind === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center gap-2 py-6 text-center">
        <XCircle className="size-10 text-red-600" aria-hidden="true" />
        <p className="text-lg font-semibold">Payment Failed</p>
        <p className="text-sm text-zinc-700">{state.message}</p>
        <Button className="mt-2" onClick={() => setState({ kind: 'idle' })}>
          Try Again
        </Button>
      </div>
    );
  }

  return (
    <form
      className="space-y-4"
      aria-label="Card payment"
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || state.kind === 'processing'}>
        {state.kind === 'processing' ? 'Processing...' : `Pay ${formatMoney(booking.totalAmount)}`}
      </Button>
    </form>
  );
}
