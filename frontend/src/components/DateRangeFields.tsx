import { useId } from 'react';
import { cn } from '../lib/cn';
import { RANGE_OPTIONS, type DateRange, type RangeKey } from '../lib/dateRange';
import { FormField } from './ui/FormField';
import { Input, inputClasses } from './ui/Input';
import { Options } from './ui/Options';

/** One end of a date range: a labelled date input that points at the range's error while there is one. */
export function RangeDateField({
  label,
  value,
  onChange,
  min,
  max,
  errorId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  /** The id of the range's error message; null while the range is valid. */
  errorId: string | null;
}) {
  return (
    <FormField label={label}>
      {({ id }) => (
        <Input
          id={id}
          type="date"
          value={value}
          min={min || undefined}
          max={max || undefined}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={errorId !== null}
          aria-describedby={errorId ?? undefined}
        />
      )}
    </FormField>
  );
}

/** The error under a date range, announced when it appears. */
export function RangeError({ id, error, className }: { id: string; error: string | null; className?: string }) {
  return error ? (
    <p id={id} role="alert" className={cn('text-sm font-medium text-red-700', className)}>
      {error}
    </p>
  ) : null;
}

/** "Date range" select (Last 7 days ... Custom range) and, for a custom range, its start and end dates. */
export function DateRangeFields({
  value,
  onChange,
  custom,
  onCustomChange,
  error,
}: {
  value: RangeKey;
  onChange: (value: RangeKey) => void;
  custom: DateRange;
  onCustomChange: (next: DateRange) => void;
  /** Why the custom range cannot be used, or null. */
  error: string | null;
}) {
  const errorId = `${useId()}-error`;
  const invalidId = error ? errorId : null;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <FormField label="Date range">
        {(p) => (
          <select
            {...p}
            className={cn(inputClasses, 'pr-8 sm:w-48')}
            value={value}
            onChange={(e) => onChange(e.target.value as RangeKey)}
          >
            <Options choices={RANGE_OPTIONS} />
          </select>
        )}
      </FormField>
      {value === 'custom' ? (
        <>
          <RangeDateField
            label="Start date"
            value={custom.startDate}
            max={custom.endDate}
            onChange={(startDate) => onCustomChange({ ...custom, startDate })}
            errorId={invalidId}
          />
          <RangeDateField
            label="End date"
            value={custom.endDate}
            min={custom.startDate}
            onChange={(endDate) => onCustomChange({ ...custom, endDate })}
            errorId={invalidId}
          />
          <RangeError id={errorId} error={error} className="sm:pb-2" />
        </>
      ) : null}
    </div>
  );
}
