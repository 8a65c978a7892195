import type { BarberQuickAction, BookingView } from '@barber/shared';
import { Clock, MapPin, Phone } from 'lucide-react';
import { Button } from '../../../../components/ui/Button';
import { ADDRESS_NOT_PROVIDED, customerName, customerPhone, PHONE_NOT_PROVIDED } from '../../lib/contact';
import { formatDate, formatTime, money } from '../../lib/format';
import { StatusBadge } from '../common/StatusBadge';
import { EtaControls } from './EtaControls';
import { QuickActions } from './QuickActions';

/** One appointment: customer, service, time, place, status and its quick actions; a click opens details. */
export function AppointmentRow({
  booking,
  onOpen,
  onAction,
  showDate = true,
}: {
  booking: BookingView;
  onOpen: (booking: BookingView) => void;
  onAction: (booking: BookingView, action: BarberQuickAction) => void;
  showDate?: boolean;
}) {
  const name = customerName(booking);
  const phone = customerPhone(booking);
  return (
    <li
      data-testid={`appointment-${booking.id}`}
      data-status={booking.status}
      className="cursor-pointer rounded-lg border border-zinc-200 bg-white p-4 transition-colors hover:border-zinc-400"
      onClick={() => onOpen(booking)}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold text-zinc-900">{name}</h3>
            <StatusBadge status={booking.status} testId="appointment-status" />
          </div>
          <p className="text-sm text-zinc-700">
            {booking.service?.name ?? 'Service'} · {money(booking.totalAmount)}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-zinc-700">
            <Clock className="size-4 shrink-0" aria-hidden="true" />
            {showDate ? `${formatDate(booking.date)}, ` : ''}
            {formatTime(booking.startTime)} - {formatTime(booking.endTime)}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-zinc-700">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">
              {booking.customerAddress?.trim()
                ? `${booking.customerAddress.trim()}${booking.displayCity ? `, ${booking.displayCity}` : ''}`
                : ADDRESS_NOT_PROVIDED}
            </span>
          </p>
          <p className="flex items-center gap-1.5 text-sm text-zinc-700">
            <Phone className="size-4 shrink-0" aria-hidden="true" />
            {phone ?? PHONE_NOT_PROVIDED}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
          <QuickActions booking={booking} onAction={onAction} />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Details for ${name}, ${formatDate(booking.date)} ${formatTime(booking.startTime)}`}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(booking);
            }}
          >
            Details
          </Button>
        </div>
      </div>
      <EtaControls booking={booking} />
    </li>
  );
}
