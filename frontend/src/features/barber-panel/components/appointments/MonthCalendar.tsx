import { useMemo } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { cn } from '../../../../lib/cn';
import { monthGrid, shiftMonth } from '../../lib/calendar';
import { formatDateLong, formatMonth } from '../../lib/format';

const DAY_HEADERS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/** Sunday-first 42-cell month grid; days with bookings are marked; a click filters by day. */
export function MonthCalendar({
  year,
  month,
  onMonthChange,
  selectedDate,
  onSelectDate,
  markedDates,
  today,
  waitlistCounts,
}: {
  year: number;
  month: number;
  onMonthChange: (next: { year: number; month: number }) => void;
  selectedDate: string | null;
  onSelectDate: (date: string) => void;
  markedDates: ReadonlySet<string>;
  today: string;
  /** How many customers wait for each day (the waitlist, issue 13); days absent have nobody waiting. */
  waitlistCounts?: ReadonlyMap<string, number>;
}) {
  const cells = useMemo(() => monthGrid(year, month), [year, month]);
  const weeks = Array.from({ length: 6 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const title = formatMonth(year, month);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-3">
        <CardTitle className="text-lg" id="calendar-month">
          {title}
        </CardTitle>
        <div className="flex gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous month"
            onClick={() => onMonthChange(shiftMonth(year, month, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next month"
            onClick={() => onMonthChange(shiftMonth(year, month, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <table
          className="w-full table-fixed border-collapse text-center"
          aria-labelledby="calendar-month"
          data-testid="appointments-calendar"
        >
          <thead>
            <tr>
              {DAY_HEADERS.map(([short, long]) => (
                <th key={short} scope="col" className="pb-2 text-xs font-semibold text-zinc-600">
                  <abbr title={long} className="no-underline">
                    {short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, w) => (
              <tr key={w}>
                {week.map((cell) => {
                  const marked = markedDates.has(cell.date);
                  const selected = cell.date === selectedDate;
                  const isToday = cell.date === today;
                  const waiting = waitlistCounts?.get(cell.date) ?? 0;
                  return (
                    <td key={cell.date} className="p-0.5">
                      <button
                        type="button"
                        data-date={cell.date}
                        aria-pressed={selected}
                        aria-label={`${formatDateLong(cell.date)}${marked ? ', has appointments' : ''}${waiting ? `, ${waiting} on the waitlist` : ''}`}
                        onClick={() => onSelectDate(cell.date)}
                        className={cn(
                          'relative flex h-10 w-full flex-col items-center justify-center rounded-md text-sm transition-colors',
                          cell.inMonth ? 'text-zinc-900' : 'text-zinc-500',
                          selected ? 'bg-zinc-900 font-semibold text-white' : 'hover:bg-zinc-100',
                          isToday && !selected ? 'ring-1 ring-inset ring-amber-600' : '',
                        )}
                      >
                        {cell.day}
                        {waiting ? (
                          <span
                            aria-hidden="true"
                            data-testid={`waitlist-count-${cell.date}`}
                            title={`${waiting} on the waitlist`}
                            className={cn(
                              'absolute right-0.5 top-0.5 min-w-4 rounded-full px-1 text-[10px] font-semibold leading-4',
                              selected ? 'bg-white text-zinc-900' : 'bg-sky-100 text-sky-900',
                            )}
                          >
                            {waiting}
                          </span>
                        ) : null}
                        {marked ? (
                          <span
                            aria-hidden="true"
                            className={cn(
                              'absolute bottom-1 size-1.5 rounded-full',
                              selected ? 'bg-white' : 'bg-amber-600',
                            )}
                          />
                        ) : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {waitlistCounts && waitlistCounts.size > 0 ? (
          <p className="mt-3 flex items-center gap-2 text-xs text-zinc-600">
            <span
              aria-hidden="true"
              className="min-w-4 rounded-full bg-sky-100 px-1 text-center text-[10px] font-semibold leading-4 text-sky-900"
            >
              n
            </span>
            customers on the waitlist for that day
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
