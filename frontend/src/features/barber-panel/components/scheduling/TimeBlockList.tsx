import type { AvailabilityBlock } from '@barber/shared';
import { formatTime, WEEKDAYS_LONG } from '../../lib/format';
import { EditDeleteButtons } from '../../../../components/ui/EditDeleteButtons';
import { countiesText } from './WeeklyGrid';

/** The blocks as a list (readable on a phone), each with Edit and Delete. */
export function TimeBlockList({
  blocks,
  onEdit,
  onDelete,
}: {
  blocks: AvailabilityBlock[];
  onEdit: (block: AvailabilityBlock) => void;
  onDelete: (block: AvailabilityBlock) => void;
}) {
  const sorted = [...blocks].sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime));
  return (
    <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white" aria-label="Time blocks">
      {sorted.map((b) => {
        const label = `${WEEKDAYS_LONG[b.dayOfWeek]} ${formatTime(b.startTime)} to ${formatTime(b.endTime)}`;
        return (
          <li
            key={b.id}
            data-testid={`time-block-${b.id}`}
            className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 text-sm">
              <p className="font-semibold">
                {WEEKDAYS_LONG[b.dayOfWeek]} · {formatTime(b.startTime)} - {formatTime(b.endTime)}
                {b.isActive ? null : (
                  <span className="ml-2 rounded bg-zinc-200 px-1.5 py-0.5 text-xs font-medium">Inactive</span>
                )}
              </p>
              <p className="text-zinc-700">
                {countiesText(b)} · {b.serviceCities.length > 0 ? `${b.serviceCities.length} cities` : 'All cities'} ·
                Travel buffer {b.travelBuffer} min
              </p>
            </div>
            <EditDeleteButtons subject={label} onEdit={() => onEdit(b)} onDelete={() => onDelete(b)} />
          </li>
        );
      })}
    </ul>
  );
}
