import { useQuery } from '@tanstack/react-query';
import { fetchFullBarbers } from '../../stores/waitlist';
import { NOTIFY_ME_TEXT, NotifyMeButton } from './NotifyMeButton';

/**
 * Under "No barbers found": the barbers who serve the area that day but are fully booked, each with
 * "Notify me when a slot opens" (for a search of a category, a wait for that barber's shortest service of
 * it, named by the server, not for any service). Nothing is shown when there are none (or the look-up fails).
 */
export function WaitlistSearchOffer({
  zipcode,
  date,
  startTime,
  endTime,
  category,
}: {
  zipcode: string;
  date: string;
  startTime?: string;
  endTime?: string;
  category?: string;
}) {
  const query = useQuery({
    queryKey: ['/api/waitlist/full-barbers', { zipcode, date, startTime, endTime, category }],
    queryFn: () => fetchFullBarbers({ zipcode, date, startTime, endTime, category }),
    enabled: /^\d{5}$/.test(zipcode) && /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const barbers = query.data ?? [];
  if (barbers.length === 0) return null;
  return (
    <section
      aria-labelledby="waitlist-offer-heading"
      className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5"
    >
      <h2 id="waitlist-offer-heading" className="text-base font-semibold text-zinc-900">
        {NOTIFY_ME_TEXT}
      </h2>
      <p className="text-sm text-zinc-700">
        These barbers serve your area but are fully booked that day. Join a waitlist and we will tell you the moment a
        slot frees up.
      </p>
      <ul className="space-y-2">
        {barbers.map((b) => (
          <li key={b.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <span className="font-medium text-zinc-900">{b.name}</span>
            <NotifyMeButton
              barberId={b.id}
              barberName={b.name}
              date={date}
              serviceId={b.serviceId ?? undefined}
              zipcode={zipcode}
              startTime={startTime}
              endTime={endTime}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
