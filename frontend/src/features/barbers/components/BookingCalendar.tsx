import { useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../lib/cn';
import { useToday } from '../../../lib/useNow';
import { formatLocalDate } from '../../../lib/customer/format';
import { bookingWindow, monthLabel, monthOf, monthWeeks, shiftMonth } from '../lib/calendar';

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/** A month calendar; dates before today and beyond 30 days ahead are disabled (today moves at midnight in New York). */
export function BookingCalendar({ value, onChange }: { value: string | null; onChange: (date: string) => void }) {
  const today = useToday();
  const { first, last } = bookingWindow(today);
  const [month, setMonth] = useState(() => monthOf(value ?? today));
  const canPrev = month > monthOf(first);
  const canNext = month < monthOf(last);
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  // The arrow pressed is disabled on the window's first or last month, and a disabled button loses focus (to the
  // page, in Firefox and Safari): the other arrow takes it.
  const show = (target: string, other: RefObject<HTMLButtonElement | null>) => {
    flushSync(() => setMonth(target));
    if (target <= monthOf(first) || target >= monthOf(last)) other.current?.focus();
  };

  return (
    <div className="rounded-lg border border-zinc-200 p-3" data-testid="booking-calendar">
      <div className="mb-2 flex items-center justify-between">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          ref={previousButton}
          disabled={!canPrev}
          onClick={() => show(shiftMonth(month, -1), nextButton)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p className="text-sm font-semibold" aria-live="polite">
          {monthLabel(month)}
        </p>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next month"
          ref={nextButton}
          disabled={!canNext}
          onClick={() => show(shiftMonth(month, 1), previousButton)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-zinc-600" aria-hidden="true">
        {WEEKDAYS.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <div role="group" aria-label={`Choose a date, ${monthLabel(month)}`} className="mt-1 grid grid-cols-7 gap-1">
        {monthWeeks(month)
          .flat()
          .map((date, i) => {
            if (!date) return <span key={`blank-${i}`} aria-hidden="true" />;
            const disabled = date < first || date > last;
            const selected = date === value;
            return (
              <button
                key={date}
                type="button"
                disabled={disabled}
                aria-pressed={selected}
                aria-label={`${formatLocalDate(date, 'long')}${date === today ? ' (today)' : ''}`}
                onClick={() => onChange(date)}
                className={cn(
                  'flex h-9 items-center justify-center rounded-md text-sm',
                  disabled && 'cursor-not-allowed text-zinc-400 line-through decoration-zinc-300',
                  !disabled && !selected && 'text-zinc-900 hover:bg-zinc-100',
                  selected && 'bg-zinc-900 font-semibold text-white',
                  date === today && !selected && 'font-bold text-amber-700',
                )}
              >
                {Number(date.slice(8))}
              </button>
            );
          })}
      </div>
    </div>
  );
}
