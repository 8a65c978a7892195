import { Activity, CalendarCheck, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LiveCounters as Counters } from '../../lib/dashboard';

function Counter({ label, value, icon, testId }: { label: string; value: number; icon: ReactNode; testId: string }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-zinc-200 bg-white px-4 py-3">
      <span
        className="flex size-9 items-center justify-center rounded-full bg-zinc-100 text-zinc-800 [&_svg]:size-4"
        aria-hidden="true"
      >
        {icon}
      </span>
      <div>
        <p className="text-xs font-medium text-zinc-600">{label}</p>
        <p className="text-xl font-bold text-zinc-900" data-testid={testId}>
          {value}
        </p>
      </div>
    </div>
  );
}

/** Today's live figures, updated by every push. */
export function LiveCounters({ counters }: { counters: Counters }) {
  return (
    <section aria-label="Live counters" className="grid gap-3 sm:grid-cols-3">
      <Counter label="Bookings Today" value={counters.today} icon={<CalendarCheck />} testId="counter-bookings-today" />
      <Counter label="In Progress Now" value={counters.inProgress} icon={<Activity />} testId="counter-in-progress" />
      <Counter
        label="Completed Today"
        value={counters.completedToday}
        icon={<CircleCheck />}
        testId="counter-completed-today"
      />
    </section>
  );
}
