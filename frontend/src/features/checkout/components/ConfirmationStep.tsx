import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { CheckCircle2 } from 'lucide-react';
import type { BookingView } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api';
import { confirmAppointment } from '../api/checkout';
import { CONFIRMED_REDIRECT_MS } from '../lib/stripe';

/**
 * Step 2 with fee collection off: Confirm Appointment sets confirmed and goes to /bookings after 1 s. `onFinishing`
 * is told when the confirm starts (true) and when it failed (false).
 */
export function ConfirmationStep({
  booking,
  onFinishing,
}: {
  booking: BookingView;
  onFinishing?: (finishing: boolean) => void;
}) {
  const [, navigate] = useLocation();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => navigate('/bookings'), CONFIRMED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const confirm = async () => {
    setState('busy');
    onFinishing?.(true);
    try {
      await confirmAppointment(booking.id);
      toast({
        title: 'Appointment Confirmed',
        description: 'Your appointment has been confirmed.',
        variant: 'success',
      });
      setState('done');
    } catch (error) {
      console.error('Confirm failed', error);
      toast({ title: 'Failed to confirm appointment.', description: serverMessage(error), variant: 'destructive' });
      setState('idle');
      onFinishing?.(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Confirmation</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {state === 'done' ? (
          <div role="status" className="flex flex-col items-center gap-2 py-4 text-center">
            <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
            <p className="text-lg font-semibold">Appointment Confirmed!</p>
            <p className="text-sm text-zinc-600">Redirecting to your bookings...</p>
          </div>
        ) : (
          <>
            <p className="text-sm text-zinc-700">
              No online payment is needed for this booking. Confirm your appointment to finish.
            </p>
            <Button size="lg" className="w-full" onClick={() => void confirm()} disabled={state === 'busy'}>
              {state === 'busy' ? 'Confirming...' : 'Confirm Appointment'}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
