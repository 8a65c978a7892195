import { useState } from 'react';
import { Star } from 'lucide-react';
import type { BookingView } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/Dialog';
import { FormField } from '../../../components/ui/FormField';
import { Textarea } from '../../../components/ui/Input';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { queryClient } from '../../../lib/queryClient';
import { submitReview } from '../api/bookings';
import { useReviewedNow } from '../stores/bookings';

/** Leave Review (docs/design.md §9): rating 1-5 and a comment for a completed booking. */
export function ReviewDialog({ booking, onClose }: { booking: BookingView | null; onClose: () => void }) {
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {booking ? <ReviewForm key={booking.id} booking={booking} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ReviewForm({ booking, onClose }: { booking: BookingView; onClose: () => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const barber = booking.barber.user.fullName || booking.barber.user.username;

  const submit = async () => {
    if (rating < 1 || rating > 5) {
      setError('Rating must be between 1 and 5');
      return;
    }
    setBusy(true);
    try {
      await submitReview(booking.id, { rating, comment: comment.trim() });
      useReviewedNow.getState().markReviewed(booking.id, rating);
      void queryClient.invalidateQueries({ queryKey: [`/api/barbers/${booking.barberId}`] });
      toast({ title: 'Review Submitted', description: 'Thank you for your feedback!', variant: 'success' });
      onClose();
    } catch (e) {
      if (isApiError(e) && e.status === 409) useReviewedNow.getState().markReviewed(booking.id);
      toast({ title: 'Review Failed', description: errorMessage(e), variant: 'destructive' });
      setBusy(false);
    }
  };

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Leave Review</DialogTitle>
        <DialogDescription>How was your {booking.service.name} with {barber}?</DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
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
                  name="review-rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => {
                    setRating(n);
                    setError(null);
                  }}
                  className="sr-only"
                  aria-label={`${n} star${n === 1 ? '' : 's'}`}
                />
                <Star
                  aria-hidden="true"
                  className={cn('size-8', n <= rating ? 'fill-amber-400 text-amber-500' : 'fill-zinc-100 text-zinc-400')}
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
        <FormField label="Comment (optional)">
          {(field) => (
            <Textarea {...field} rows={4} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
          )}
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Submitting...' : 'Submit Review'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
