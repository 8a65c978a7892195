import { type Service, addMinutesHHmm } from '@barber/shared';
import { DetailRow, TotalRow } from '../../../components/ui/DetailRow';
import { formatLocalDate, formatMoney, formatTime12 } from '../../../lib/customer/format';

function endOf(start: string, duration: number): string | null {
  try {
    return addMinutesHHmm(start, duration);
  } catch {
    return null;
  }
}

/** The widget's booking summary: service, date, time, duration, location and total. */
export function BookingSummary({
  service,
  date,
  slot,
  location,
}: {
  service: Service | undefined;
  date: string | null;
  slot: string | null;
  location: string | null;
}) {
  const end = service && slot ? endOf(slot, service.duration) : null;
  const rows: [string, string][] = [
    ['Service', service?.name ?? 'Not selected'],
    ['Date', date ? formatLocalDate(date, 'long') : 'Not selected'],
    ['Time', slot ? `${formatTime12(slot)}${end ? ` - ${formatTime12(end)}` : ''}` : 'Not selected'],
    ['Duration', service ? `${service.duration} min` : '-'],
    ['Location', location ?? '-'],
  ];
  return (
    <section aria-labelledby="booking-summary-heading" className="rounded-lg bg-zinc-100 p-4">
      <h3 id="booking-summary-heading" className="mb-2 text-sm font-semibold">
        Booking Summary
      </h3>
      <dl className="space-y-1 text-sm">
        {rows.map(([label, value]) => (
          <DetailRow key={label} className="gap-3" label={label} value={value} />
        ))}
        <TotalRow className="mt-2 gap-3 border-zinc-300 pt-2 text-base" amount={formatMoney(service?.price)} />
      </dl>
    </section>
  );
}
