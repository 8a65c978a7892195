import type { BookingView } from '@barber/shared';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { formatLocalDate, formatTime, money } from '../../lib/format';
import { DashboardStatusBadge } from '../StatusBadge';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-600';
const td = 'px-3 py-3 align-top text-sm text-zinc-900';

/** The first 10 bookings, newest first: customer, barber, service, date and time, amount, status. */
export function RecentBookings({ bookings }: { bookings: BookingView[] }) {
  if (bookings.length === 0) {
    return <EmptyState headingLevel={3} title="No bookings found" description="No bookings have been made yet." />;
  }
  return (
    <div className="overflow-x-auto" role="region" aria-label="Recent bookings" tabIndex={0}>
      <table className="w-full min-w-[720px] border-collapse" data-testid="recent-bookings">
        <thead className="border-b border-zinc-200">
          <tr>
            <th scope="col" className={th}>Customer</th>
            <th scope="col" className={th}>Barber</th>
            <th scope="col" className={th}>Service</th>
            <th scope="col" className={th}>Date &amp; Time</th>
            <th scope="col" className={th}>Amount</th>
            <th scope="col" className={th}>Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {bookings.map((b) => (
            <tr key={b.id} data-booking-id={b.id}>
              <td className={td}>
                <div className="font-medium">{b.customer.fullName || 'Customer'}</div>
                <div className="text-xs text-zinc-600">{b.customer.email}</div>
              </td>
              <td className={td}>{b.barber.user.fullName || 'Barber'}</td>
              <td className={td}>{b.service.name || 'Service'}</td>
              <td className={td}>
                <div>{formatLocalDate(b.date)}</div>
                <div className="text-xs text-zinc-600">{formatTime(b.startTime)}</div>
              </td>
              <td className={td}>{money(b.totalAmount)}</td>
              <td className={td}>
                <DashboardStatusBadge status={b.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
