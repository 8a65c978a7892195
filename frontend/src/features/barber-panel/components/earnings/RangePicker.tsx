import { useId } from 'react';
import { Input } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { RANGE_OPTIONS, type RangeKey } from '../../lib/ranges';
import { NativeSelect } from '../common/NativeSelect';

export function RangePicker({
  value,
  onChange,
  custom,
  onCustomChange,
  customError,
}: {
  value: RangeKey;
  onChange: (value: RangeKey) => void;
  custom: { startDate: string; endDate: string };
  onCustomChange: (next: { startDate: string; endDate: string }) => void;
  customError: string | null;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="space-y-2">
        <Label htmlFor={`${id}-range`}>Date range</Label>
        <NativeSelect
          id={`${id}-range`}
          className="sm:w-48"
          value={value}
          onChange={(e) => onChange(e.target.value as RangeKey)}
        >
          {RANGE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {value === 'custom' ? (
        <>
          <div className="space-y-2">
            <Label htmlFor={`${id}-start`}>Start date</Label>
            <Input
              id={`${id}-start`}
              type="date"
              value={custom.startDate}
              max={custom.endDate || undefined}
              onChange={(e) => onCustomChange({ ...custom, startDate: e.target.value })}
              aria-invalid={customError !== null}
              aria-describedby={customError ? `${id}-error` : undefined}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-end`}>End date</Label>
            <Input
              id={`${id}-end`}
              type="date"
              value={custom.endDate}
              min={custom.startDate || undefined}
              onChange={(e) => onCustomChange({ ...custom, endDate: e.target.value })}
              aria-invalid={customError !== null}
              aria-describedby={customError ? `${id}-error` : undefined}
            />
          </div>
          {customError ? (
            <p id={`${id}-error`} className="text-sm font-medium text-red-700 sm:pb-2">
              {customError}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
