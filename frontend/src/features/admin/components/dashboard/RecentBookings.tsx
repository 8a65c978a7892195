import type { BookingView } from '@barber/shared';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { formatLocalDate, formatTime, money } from '../../lib/format';
import { barberName, customerName, serviceName } from '../bookings/bookingText';
import { AdminStatusBadge } from '../StatusBadge';
import { AdminTable } from '../AdminTable';
import { CellLines } from '../CellLines';

const td = 'px-3 py-3 align-top text-sm text-zinc-900';

/** The first 10 bookings, newest first: customer, barber, service, date and time, amount, status. */
export function RecentBookings({ bookings }: { bookings: BookingView[] }) {
  if (bookings.length === 0) {
    return <EmptyState headingLevel={3} title="No bookings found" description="No bookings have been made yet." />;
  }
  return (
    <AdminTable
      scrollLabel="Recent bookings"
      testId="recent-bookings"
      className="min-w-[720px]"
      columns={['Customer', 'Barber', 'Service', 'Date & Time', 'Amount', 'Status']}
    >
      {bookings.map((b) => (
        <tr key={b.id} data-booking-id={b.id}>
          <td className={td}>
            <CellLines strong main={customerName(b)} sub={b.customer.email} />
          </td>
          <td className={td}>{barberName(b)}</td>
          <td className={td}>{serviceName(b)}</td>
          <td className={td}>
            <CellLines main={formatLocalDate(b.date)} sub={formatTime(b.startTime)} />
          </td>
          <td className={td}>{money(b.totalAmount)}</td>
          <td className={td}>
            <AdminStatusBadge status={b.status} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
