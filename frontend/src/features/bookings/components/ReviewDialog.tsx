import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { reviewInputSchema, type BookingView } from '@barber/shared';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import { DialogForm } from '../../../components/ui/FormDialog';
import { TextareaField } from '../../../components/ui/FormField';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { queryClient } from '../../../lib/queryClient';
import { submitReview } from '../api/bookings';
import { useReviewedNow } from '../stores/bookings';

/** Leave Review (docs/design.md §9): rating 1-5 and a comment for a completed booking. */
export function ReviewDialog({ booking, onClose }: { booking: BookingView | null; onClose: () => void }) {
  // not closed while sending (Escape, a click outside, the X): a failure would drop the review written
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      {booking ? <ReviewForm key={booking.id} booking={booking} onClose={onClose} onBusy={setBusy} /> : null}
    </Dialog>
  );
}

function ReviewForm({
  booking,
  onClose,
  onBusy,
}: {
  booking: BookingView;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  // rating 0 until a star is picked: reviewInputSchema answers 'Rating must be between 1 and 5'
  const { control, register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { rating: 0, comment: '' },
  });
  const rating = watch('rating');
  const error = formState.errors.rating?.message ?? null;
  const busy = formState.isSubmitting;
  useEffect(() => onBusy(busy), [busy, onBusy]);
  const barber = booking.barber.user.fullName || booking.barber.user.username;

  const submit = async (input: { rating: number; comment: string }) => {
    try {
      await submitReview(booking.id, input);
      useReviewedNow.getState().markReviewed(booking.id, input.rating);
      // the barber's rating and review count: their profile, the home listing and search results
      for (const key of [`/api/barbers/${booking.barberId}`, '/api/barbers', '/api/search/barbers'])
        void queryClient.invalidateQueries({ queryKey: [key] });
      toast({ title: 'Review Submitted', description: 'Thank you for your feedback!', variant: 'success' });
      onClose();
    } catch (e) {
      if (isApiError(e) && e.status === 409) useReviewedNow.getState().markReviewed(booking.id);
      toast({ title: 'Review Failed', description: errorMessage(e), variant: 'destructive' });
    }
  };

  return (
    <DialogContent>
      <DialogForm
        title="Leave Review"
        description={`How was your ${booking.service.name} with ${barber}?`}
        onSubmit={handleSubmit(submit)}
        submitLabel="Submit Review"
        pendingLabel="Submitting..."
        pending={busy}
      >
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <fieldset>
              <legend className="mb-2 text-sm font-medium">Rating</legend>
              <div className="flex gap-1">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label
                    key={n}
                    className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-600"
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={n}
                      checked={field.value === n}
                      onChange={() => field.onChange(n)}
                      onBlur={field.onBlur}
                      className="sr-only"
                      aria-label={`${n} star${n === 1 ? '' : 's'}`}
                    />
                    <Star
                      aria-hidden="true"
                      className={cn(
                        'size-8',
                        n <= rating ? 'fill-amber-400 text-amber-500' : 'fill-zinc-100 text-zinc-400',
                      )}
                    />
                  </label>
                ))}
              </div>
              {error ? (
                <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {error}
                </p>
              ) : null}
            </fieldset>
          )}
        />
        <TextareaField
          label="Comment (optional)"
          error={formState.errors.comment?.message}
          rows={4}
          maxLength={2000}
          {...register('comment')}
        />
      </DialogForm>
    </DialogContent>
  );
}
