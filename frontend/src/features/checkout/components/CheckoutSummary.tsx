import { regionLabel, type BookingView } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { DetailRow, TotalRow } from '../../../components/ui/DetailRow';
import { formatLocalDate, formatMoney, formatTime12 } from '../../../lib/customer/format';

/** The checkout summary card: barber, service, date and time, location (displayCity or city) and total. */
export function BookingSummaryCard({ booking }: { booking: BookingView }) {
  const barber = booking.barber.user.fullName || booking.barber.user.username;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Booking Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          <DetailRow label="Barber" value={barber} />
          <DetailRow label="Service" value={`${booking.service.name} (${booking.service.duration} min)`} />
          <DetailRow label="Date" value={formatLocalDate(booking.date, 'long')} />
          <DetailRow label="Time" value={`${formatTime12(booking.startTime)} - ${formatTime12(booking.endTime)}`} />
          <DetailRow
            label="Location"
            value={booking.displayCity ? `${booking.displayCity}, FL` : regionLabel(booking.city)}
          />
          <TotalRow className="mt-3 gap-4 border-zinc-200 pt-3 text-base" amount={formatMoney(booking.totalAmount)} />
        </dl>
      </CardContent>
    </Card>
  );
}

/** After step 1: the saved contact details with an Edit Details button. */
export function ContactSummaryCard({
  booking,
  onEdit,
  disabled,
}: {
  booking: BookingView;
  onEdit: () => void;
  disabled?: boolean;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <CardTitle>Contact Details</CardTitle>
        <Button variant="outline" size="sm" onClick={onEdit} disabled={disabled}>
          Edit Details
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">
          <DetailRow label="Phone" value={booking.customerPhone ?? ''} />
          <DetailRow label="Address" value={booking.customerAddress ?? ''} />
          {booking.apartmentUnit ? <DetailRow label="Apartment/Unit" value={booking.apartmentUnit} /> : null}
          {booking.specialInstructions ? (
            <DetailRow label="Special Instructions" value={booking.specialInstructions} />
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
