import type { ReactNode } from 'react';
import type { BookingView } from '@barber/shared';
import { Button } from '../../../../components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/Dialog';
import { cents, formatLocalDate, formatTime, money } from '../../lib/format';
import { AdminStatusBadge } from '../StatusBadge';
import { BookingActions } from './BookingActions';
import { BookingHistory } from './BookingHistory';
import { barberName, customerName, customerPhone, serviceName } from './bookingText';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold text-zinc-900">{title}</h3>
      <div className="space-y-0.5 text-sm text-zinc-800">{children}</div>
    </section>
  );
}

/** The 'Booking Details' dialog of the admin bookings list: details, cancel and reschedule, and the history. */
export function BookingDetailsDialog({ booking, onClose }: { booking: BookingView | null; onClose: () => void }) {
  const b = booking;
  return (
    <Dialog open={b !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent hideClose aria-describedby={undefined} className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Booking Details</DialogTitle>
        </DialogHeader>
        {b ? (
          <div className="grid gap-4 sm:grid-cols-2" data-testid="booking-details" data-booking-id={b.id}>
            <Section title="Customer Information">
              <p>{customerName(b)}</p>
              <p className="break-all">{b.customer.email}</p>
              <p>Phone: {customerPhone(b) ?? 'N/A'}</p>
            </Section>
            <Section title="Barber Information">
              <p>{barberName(b)}</p>
              <p className="break-all">{b.barber.user.email}</p>
              <p>Experience: {b.barber.yearsOfExperience ?? 'N/A'} years</p>
            </Section>
            <Section title="Service">
              <p>{serviceName(b)}</p>
              <p>{b.service.duration} minutes</p>
            </Section>
            <Section title="Date & Time">
              <p>{formatLocalDate(b.date, 'EEEE, MMMM d, yyyy')}</p>
              <p>{formatTime(b.startTime)}</p>
            </Section>
            <Section title="Payment">
              <p>{money(b.totalAmount)}</p>
            </Section>
            <Section title="Status">
              <AdminStatusBadge status={b.status} />
              {b.cancellationReason ? <p>Reason: {b.cancellationReason}</p> : null}
              {b.paid ? (
                <p>
                  {b.refunded
                    ? 'Paid, refunded'
                    : cents(b.refundedAmount) > 0
                      ? `Paid, ${money(b.refundedAmount)} refunded`
                      : 'Paid'}
                </p>
              ) : null}
            </Section>
            {b.notes ? (
              <div className="sm:col-span-2">
                <Section title="Notes">
                  <p className="whitespace-pre-wrap">{b.notes}</p>
                </Section>
              </div>
            ) : null}
            <div className="sm:col-span-2">
              <BookingActions key={b.id} booking={b} />
            </div>
            <div className="sm:col-span-2">
              <Section title="History">
                <BookingHistory booking={b} />
              </Section>
            </div>
          </div>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
