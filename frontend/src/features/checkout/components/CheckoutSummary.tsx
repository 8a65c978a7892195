import { regionLabel, type BookingView } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { formatLocalDate, formatMoney, formatTime12 } from '../../../lib/customer/format';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-zinc-600">{label}</dt>
      <dd className="text-right font-medium text-zinc-900">{value}</dd>
    </div>
  );
}

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
          <Row label="Barber" value={barber} />
          <Row label="Service" value={`${booking.service.name} (${booking.service.duration} min)`} />
          <Row label="Date" value={formatLocalDate(booking.date, 'long')} />
          <Row label="Time" value={`${formatTime12(booking.startTime)} - ${formatTime12(booking.endTime)}`} />
          <Row
            label="Location"
            value={booking.displayCity ? `${booking.displayCity}, FL` : regionLabel(booking.city)}
          />
          <div className="mt-3 flex justify-between gap-4 border-t border-zinc-200 pt-3 text-base">
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold">{formatMoney(booking.totalAmount)}</dd>
          </div>
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
          <Row label="Phone" value={booking.customerPhone ?? ''} />
          <Row label="Address" value={booking.customerAddress ?? ''} />
          {booking.apartmentUnit ? <Row label="Apartment/Unit" value={booking.apartmentUnit} /> : null}
          {booking.specialInstructions ? (
            <Row label="Special Instructions" value={booking.specialInstructions} />
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
