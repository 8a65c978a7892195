import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { reviewResponseInputSchema, type BarberDetailsAnswer, type Review } from '@barber/shared';
import { Dialog, DialogContent } from '../../../components/ui/Dialog';
import { DialogForm } from '../../../components/ui/FormDialog';
import { TextareaField } from '../../../components/ui/FormField';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { barberDetailsKey } from '../api/barber';
import { postReviewResponse } from '../api/reviews';

/**
 * The barber's answer to a review of their profile (docs/design.md: once per review, PUT /api/reviews/{id}/response).
 * `profileId` is the id of the profile's address: its cached answer shows the response at once.
 */
export function ReviewResponseDialog({
  profileId,
  review,
  onClose,
}: {
  profileId: string;
  review: Review | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={review !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {review ? <ResponseForm key={review.id} profileId={profileId} review={review} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ResponseForm({ profileId, review, onClose }: { profileId: string; review: Review; onClose: () => void }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(reviewResponseInputSchema),
    defaultValues: { barberResponse: '' },
  });

  const submit = async (input: { barberResponse: string }) => {
    const key = barberDetailsKey(profileId);
    try {
      const answered = await postReviewResponse(review.id, input);
      queryClient.setQueryData<BarberDetailsAnswer>(key, (data) =>
        data ? { ...data, reviews: data.reviews.map((r) => (r.id === answered.id ? answered : r)) } : data,
      );
      toast({ title: 'Response posted', variant: 'success' });
      onClose();
    } catch (e) {
      // already answered (e.g. from another tab): the profile shows that answer; the typed text stays
      if (isApiError(e) && e.status === 409) void queryClient.invalidateQueries({ queryKey: key });
      toast({
        title: 'Response not posted',
        description: errorMessage(e, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <DialogContent>
      <DialogForm
        title="Reply to Review"
        description={`Answer ${review.customerName}'s review. You can reply only once.`}
        onSubmit={handleSubmit(submit)}
        submitLabel="Post Response"
        pendingLabel="Posting..."
        pending={formState.isSubmitting}
      >
        {review.comment ? (
          <blockquote className="rounded-md bg-zinc-50 p-3 text-sm text-zinc-800">{review.comment}</blockquote>
        ) : null}
        <TextareaField
          label="Your response"
          error={formState.errors.barberResponse?.message}
          rows={4}
          maxLength={2000}
          {...register('barberResponse')}
        />
      </DialogForm>
    </DialogContent>
  );
}
