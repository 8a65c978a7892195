import { useId, useRef, useState } from 'react';
import { CalendarSync, Copy, RefreshCw } from 'lucide-react';
import { Button, buttonVariants } from '../../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { Input } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { Skeleton } from '../../../../components/ui/Spinner';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api';
import { useCalendarFeed, useRegenerateCalendarFeed } from '../../api/calendarFeed';
import { ErrorState } from '../common/ErrorState';

/** The address as calendar apps subscribe to it (webcal: opens Apple Calendar, Google takes it as cid). */
const webcalOf = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * The barber's private calendar feed (issue 13): the link to subscribe to in Google or Apple Calendar,
 * Copy, and "Regenerate link" (after a confirmation) which ends the old link.
 */
export function CalendarSection() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const url = feed.data?.url;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Paste it into your calendar app to subscribe.', variant: 'success' });
    } catch {
      input.current?.select();
      toast({
        title: 'Copy failed',
        description: 'The link is selected: copy it with your keyboard.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarSync className="size-5" aria-hidden="true" />
          Calendar Feed
        </CardTitle>
        <CardDescription>
          Subscribe to your appointments in Google Calendar or Apple Calendar. New bookings, reschedules and
          cancellations appear there each time your calendar refreshes.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {feed.isLoading ? (
          <Skeleton className="h-24" />
        ) : feed.isError || !url ? (
          <ErrorState
            title="Calendar link unavailable"
            message={errorMessage(feed.error, 'The calendar link could not be loaded.')}
            onRetry={() => void feed.refetch()}
            headingLevel={3}
          />
        ) : (
          <>
            <div className="space-y-2">
              <Label htmlFor={inputId}>Calendar feed URL</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  ref={input}
                  id={inputId}
                  readOnly
                  value={url}
                  aria-describedby={hintId}
                  onFocus={(event) => event.currentTarget.select()}
                  className="font-mono text-xs md:text-xs"
                />
                <Button variant="outline" onClick={() => void copy()} className="shrink-0">
                  <Copy className="size-4" aria-hidden="true" />
                  Copy link
                </Button>
              </div>
              <p id={hintId} className="text-sm text-zinc-600">
                Keep this link private: anyone who has it can see your appointments, with your customers&rsquo; names
                and addresses.
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <a className={buttonVariants({ variant: 'secondary', size: 'sm' })} href={webcalOf(url)}>
                Open in Apple Calendar
              </a>
              <a
                className={buttonVariants({ variant: 'secondary', size: 'sm' })}
                href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalOf(url))}`}
                target="_blank"
                rel="noreferrer noopener"
              >
                Add to Google Calendar
              </a>
              <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={regenerate.isPending}>
                <RefreshCw className="size-4" aria-hidden="true" />
                Regenerate link
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        pending={regenerate.isPending}
        title="Regenerate calendar link?"
        description="The current link stops working at once. Calendars subscribed to it stop updating until you add the new link."
        confirmLabel="Regenerate link"
        pendingLabel="Regenerating..."
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({
                title: 'Calendar link regenerated',
                description: 'The old link no longer works.',
                variant: 'success',
              });
            },
            onError: (error) => {
              setConfirming(false);
              toast({
                title: 'Update Failed',
                description: errorMessage(error, 'Failed to regenerate the calendar link.'),
                variant: 'destructive',
              });
            },
          })
        }
      />
    </Card>
  );
}
