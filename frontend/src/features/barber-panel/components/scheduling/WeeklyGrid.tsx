import { type AvailabilityBlock, countyLabels, isCountyKey } from '@barber/shared';
import { cn } from '../../../../lib/cn';
import { formatHour, formatTime, WEEKDAYS_LONG } from '../../lib/format';
import { gridHours } from '../../lib/schedule';
import { safeMinutes } from '../../lib/times';

const ROW = 48; // px per hour

export function countiesText(block: Pick<AvailabilityBlock, 'serviceCounties'>): string {
  return block.serviceCounties.map((c) => (isCountyKey(c) ? countyLabels[c] : c)).join(', ');
}

/** The weekly calendar: Sunday to Saturday columns, one row per hour; a block opens its editor. */
export function WeeklyGrid({
  blocks,
  onEdit,
}: {
  blocks: AvailabilityBlock[];
  onEdit: (block: AvailabilityBlock) => void;
}) {
  const { startHour, endHour } = gridHours(blocks);
  const hours = Array.from({ length: endHour - startHour }, (_, i) => startHour + i);
  const height = hours.length * ROW;
  return (
    <div
      className="overflow-x-auto rounded-lg border border-zinc-200 bg-white"
      data-testid="weekly-grid"
      role="region"
      aria-label="Weekly schedule"
      tabIndex={0}
    >
      <div className="grid min-w-[44rem] grid-cols-[4rem_repeat(7,minmax(0,1fr))]">
        <div className="border-b border-zinc-200" />
        {WEEKDAYS_LONG.map((day) => (
          <div key={day} className="border-b border-l border-zinc-200 p-2 text-center text-sm font-semibold">
            {day}
          </div>
        ))}
        <div className="relative" style={{ height }}>
          {hours.map((h, i) => (
            <div key={h} className="absolute right-2 text-xs text-zinc-600" style={{ top: i * ROW + 2 }}>
              {formatHour(h)}
            </div>
          ))}
        </div>
        {WEEKDAYS_LONG.map((day, dow) => (
          <div key={day} className="relative border-l border-zinc-200" style={{ height }}>
            {hours.map((h, i) => (
              <div
                key={h}
                className="absolute inset-x-0 border-t border-zinc-100"
                style={{ top: i * ROW }}
                aria-hidden="true"
              />
            ))}
            {blocks
              .filter((b) => b.dayOfWeek === dow)
              .map((b) => {
                const s = safeMinutes(b.startTime) ?? 0;
                const e = safeMinutes(b.endTime) ?? s;
                const top = Math.max(0, ((s - startHour * 60) / 60) * ROW);
                const bottom = Math.min(height, ((e - startHour * 60) / 60) * ROW);
                return (
                  <button
                    key={b.id}
                    type="button"
                    onClick={() => onEdit(b)}
                    aria-label={`Edit time block ${day} ${formatTime(b.startTime)} to ${formatTime(b.endTime)}`}
                    className={cn(
                      'absolute inset-x-1 flex flex-col items-start justify-start overflow-hidden rounded-md border p-1 text-left text-xs',
                      b.isActive
                        ? 'border-zinc-900 bg-zinc-900 text-white'
                        : 'border-zinc-400 bg-zinc-200 text-zinc-900',
                    )}
                    style={{ top, height: Math.max(20, bottom - top) }}
                  >
                    <span className="block font-semibold">
                      {formatTime(b.startTime)} - {formatTime(b.endTime)}
                    </span>
                    <span className="block truncate">{countiesText(b)}</span>
                  </button>
                );
              })}
          </div>
        ))}
      </div>
    </div>
  );
}
