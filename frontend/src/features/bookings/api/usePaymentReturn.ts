import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '../../../components/ui/toast';
import { confirmPaymentReturn } from './bookings';

/** Each redirect is handled once, even when React runs the effect twice. */
const handled = new Set<string>();

/**
 * The return from the payment provider's redirect (/bookings?payment_intent=...&redirect_status=...):
 * asks the server to record the payment (POST /api/payments/confirm-return), shows the spec's
 * texts (§8), strips the parameters and reloads the list.
 */
export function usePaymentReturn(onDone: () => void): void {
  const search = useSearch();
  const [, navigate] = useLocation();

  useEffect(() => {
    const q = new URLSearchParams(search);
    const intent = q.get('payment_intent');
    const redirectStatus = q.get('redirect_status');
    if (!intent || handled.has(intent)) return;
    handled.add(intent);
    navigate('/bookings', { replace: true });

    if (redirectStatus === 'failed') {
      toast({
        title: 'Payment Failed',
        description: 'Your payment could not be processed. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    void (async () => {
      try {
        const answer = await confirmPaymentReturn(intent, redirectStatus);
        if (answer.status === 'confirmed') {
          toast({
            title: 'Payment Processed',
            description: 'Your payment was successful. Your booking will be confirmed shortly.',
            variant: 'success',
          });
        } else if (answer.status === 'pending') {
          toast({
            title: 'Payment Processed',
            description: "Please refresh if your booking isn't confirmed.",
            variant: 'success',
          });
        } else if (answer.status === 'failed') {
          toast({
            title: 'Payment Failed',
            description: 'Your payment could not be processed. Please try again.',
            variant: 'destructive',
          });
        } else {
          toast({ title: 'Payment Completed', variant: 'success' });
        }
      } catch (error) {
        console.error('Confirming the payment return failed', error);
        toast({ title: 'Payment Processed', description: "Please refresh if your booking isn't confirmed." });
      } finally {
        onDone();
      }
    })();
  }, [search, navigate, onDone]);
}
