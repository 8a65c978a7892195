import { Eye } from 'lucide-react';
import { formatUsd, regionLabel, type BookingView } from '@barber/shared';
import { Avatar } from '../../../../components/layouts/UserMenu';
import { Button } from '../../../../components/ui/Button';
import { keptOf } from '../../lib/dashboard';
import { cents, formatLocalDate, formatTime, money } from '../../lib/format';
import { AdminStatusBadge } from '../StatusBadge';
import { AdminTable } from '../AdminTable';
import { addressLine, barberName, customerName, customerPhone, serviceName } from './bookingText';
import { CellLines } from '../CellLines';

const td = 'px-2 py-3 align-top text-sm text-zinc-900';

/** An email in full, allowed to wrap after the "@" (never cut with an ellipsis). */
function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

function DateTime({ b }: { b: BookingView }) {
  return (
    <>
      <div className="whitespace-nowrap">{formatLocalDate(b.date, 'MMM d, yyyy')}</div>
      <div className="text-xs text-zinc-600">
        <span className="whitespace-nowrap">{formatTime(b.startTime)} -</span>{' '}
        <span className="whitespace-nowrap">{formatTime(b.endTime)}</span>
      </div>
      {b.estimatedTravelTime !== null && b.estimatedTravelTime !== undefined ? (
        <div className="text-xs text-zinc-600">Travel: {b.estimatedTravelTime} min</div>
      ) : null}
    </>
  );
}

function Location({ b }: { b: BookingView }) {
  const address = addressLine(b);
  return (
    <>
      <div>{b.displayCity || regionLabel(b.city)}</div>
      {address ? (
        <div className="max-w-24 truncate text-xs text-zinc-600 2xl:max-w-48" title={address}>
          {address}
        </div>
      ) : null}
    </>
  );
}

/** The price and its split; after a refund, what the barber and the platform keep of it (as Analytics counts). */
function Amount({ b }: { b: BookingView }) {
  const refunded = b.refunded || cents(b.refundedAmount) > 0;
  const kept = refunded ? keptOf(b) : null;
  return (
    <>
      <div className="font-medium">{money(b.totalAmount)}</div>
      {refunded ? (
        <div className="whitespace-nowrap text-xs text-zinc-600">
          Refunded: {b.refunded ? money(b.totalAmount) : money(b.refundedAmount)}
        </div>
      ) : null}
      <div className="whitespace-nowrap text-xs text-zinc-600">
        Barber: {kept ? formatUsd(kept.barberAmount) : money(b.barberAmount)}
      </div>
      <div className="whitespace-nowrap text-xs text-zinc-600">
        Fee: {kept ? formatUsd(kept.platformFee) : money(b.platformFee)}
      </div>
    </>
  );
}

function ViewButton({ b, onView }: { b: BookingView; onView: (b: BookingView) => void }) {
  return (
    <Button size="sm" variant="outline" onClick={() => onView(b)} aria-label={`View booking of ${customerName(b)}`}>
      <Eye aria-hidden="true" />
      View
    </Button>
  );
}

/** Desktop table: Customer, Barber, Service, Date & Time, Location, Amount, Status, Actions. */
export function BookingsTable({ bookings, onView }: { bookings: BookingView[]; onView: (b: BookingView) => void }) {
  return (
    <AdminTable
      scrollLabel="Bookings table"
      testId="admin-bookings-table"
      dense
      columns={[
        'Customer',
        'Barber',
        'Service',
        'Date & Time',
        'Location',
        'Amount',
        'Status',
        { label: 'Actions', className: 'sticky right-0 bg-white' },
      ]}
    >
      {bookings.map((b) => (
        <tr key={b.id} data-booking-id={b.id} data-status={b.status}>
          <td className={td}>
            <div className="flex items-start gap-2">
              <Avatar name={customerName(b)} />
              <div className="min-w-0">
                <div className="font-medium">{customerName(b)}</div>
                <div className="text-xs text-zinc-600 [overflow-wrap:anywhere]" data-testid="customer-email">
                  <Email address={b.customer.email} />
                </div>
                {customerPhone(b) ? <div className="text-xs text-zinc-600">{customerPhone(b)}</div> : null}
              </div>
            </div>
          </td>
          <td className={td}>
            <div className="font-medium">{barberName(b)}</div>
            <div className="text-xs text-zinc-600 [overflow-wrap:anywhere]" data-testid="barber-email">
              <Email address={b.barber.user.email} />
            </div>
          </td>
          <td className={td}>
            <CellLines main={serviceName(b)} sub={`${b.service.duration} min`} />
          </td>
          <td className={td}>
            <DateTime b={b} />
          </td>
          <td className={td}>
            <Location b={b} />
          </td>
          <td className={td}>
            <Amount b={b} />
          </td>
          <td className={td}>
            <AdminStatusBadge status={b.status} />
          </td>
          <td className={`${td} sticky right-0 bg-white`}>
            <ViewButton b={b} onView={onView} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** Mobile cards with the same content. */
export function BookingCards({ bookings, onView }: { bookings: BookingView[]; onView: (b: BookingView) => void }) {
  return (
    <ul className="space-y-3" data-testid="admin-bookings-cards">
      {bookings.map((b) => (
        <li
          key={b.id}
          className="space-y-3 rounded-lg border border-zinc-200 p-4 text-sm"
          data-booking-id={b.id}
          data-status={b.status}
        >
          <div className="flex items-start justify-between gap-2">
            <div className="flex min-w-0 items-start gap-2">
              <Avatar name={customerName(b)} />
              <div className="min-w-0">
                <p className="font-medium text-zinc-900">{customerName(b)}</p>
                <p className="break-all text-xs text-zinc-600">{b.customer.email}</p>
                {customerPhone(b) ? <p className="text-xs text-zinc-600">{customerPhone(b)}</p> : null}
              </div>
            </div>
            <AdminStatusBadge status={b.status} />
          </div>
          <div className="grid grid-cols-2 gap-3 text-zinc-900">
            <div>
              <p className="text-xs font-semibold text-zinc-600">Barber</p>
              <p>{barberName(b)}</p>
            </div>
            <div>
              <p className="text-xs font-semibold text-zinc-600">Service</p>
              <p>
                {serviceName(b)} <span className="text-xs text-zinc-600">({b.service.duration} min)</span>
              </p>
            </div>
            <div>
              <p className="text-xs font-semibold text-zinc-600">Date &amp; Time</p>
              <DateTime b={b} />
            </div>
            <div className="min-w-0">
              <p className="text-xs font-semibold text-zinc-600">Location</p>
              <Location b={b} />
            </div>
            <div>
              <p className="text-xs font-semibold text-zinc-600">Amount</p>
              <Amount b={b} />
            </div>
          </div>
          <ViewButton b={b} onView={onView} />
        </li>
      ))}
    </ul>
  );
}
