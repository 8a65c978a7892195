import { useId, useMemo, useState } from 'react';
import { Input, inputClasses } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { cn } from '../../../../lib/cn';
import { customRangeError, presetRange, RANGE_OPTIONS, type DateRange, type RangeKey } from '../../lib/ranges';

/** The chosen range: a preset ending today, or a custom start and end (null while the custom one is invalid). */
export function useRangeChoice(initial: RangeKey = '30d') {
  const [key, setKey] = useState<RangeKey>(initial);
  const [custom, setCustom] = useState<DateRange>(() => presetRange('30d'));
  const error = key === 'custom' ? customRangeError(custom) : null;
  const range = useMemo<DateRange | null>(
    () => (key === 'custom' ? (error ? null : custom) : presetRange(key)),
    [key, custom, error],
  );
  return { key, setKey, custom, setCustom, error, range };
}

/** Range select (Last 7 days ... Custom range) with the two dates of a custom range. */
export function RangeControls({ choice }: { choice: ReturnType<typeof useRangeChoice> }) {
  const id = useId();
  const { key, setKey, custom, setCustom, error } = choice;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="space-y-2">
        <Label htmlFor={`${id}-range`}>Date range</Label>
        <select
          id={`${id}-range`}
          className={cn(inputClasses, 'pr-8 sm:w-48')}
          value={key}
          onChange={(e) => setKey(e.target.value as RangeKey)}
        >
          {RANGE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {key === 'custom' ? (
        <>
          <div className="space-y-2">
            <Label htmlFor={`${id}-start`}>Start date</Label>
            <Input
              id={`${id}-start`}
              type="date"
              value={custom.startDate}
              onChange={(e) => setCustom({ ...custom, startDate: e.target.value })}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-end`}>End date</Label>
            <Input
              id={`${id}-end`}
              type="date"
              value={custom.endDate}
              onChange={(e) => setCustom({ ...custom, endDate: e.target.value })}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 sm:pb-2">
              {error}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
