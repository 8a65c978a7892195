import { useMemo, useState } from 'react';
import { presetRange, type RangeKey } from '../../../../lib/dateRange';
import { useToday } from '../../../../lib/useNow';
import { customRangeError, type DateRange } from '../../lib/ranges';

/**
 * The chosen range: a preset ending today, or a custom start and end (null while the custom one is invalid),
 * and the props of the DateRangeFields that choose it.
 */
export function useRangeChoice(initial: RangeKey = '30d') {
  const [key, setKey] = useState<RangeKey>(initial);
  const [custom, setCustom] = useState<DateRange>(() => presetRange('30d'));
  const today = useToday();
  const error = key === 'custom' ? customRangeError(custom) : null;
  const range = useMemo<DateRange | null>(
    () => (key === 'custom' ? (error ? null : custom) : presetRange(key, today)),
    [key, custom, error, today],
  );
  return { range, fields: { value: key, onChange: setKey, custom, onCustomChange: setCustom, error } };
}
