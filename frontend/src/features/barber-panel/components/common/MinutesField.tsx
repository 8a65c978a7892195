import type { ReactNode } from 'react';
import { NumberInputField } from '../../../../components/ui/FormField';

/**
 * A number of minutes from 0 to `max` in steps of `step` (a travel time or buffer), held as typed:
 * the form clamps it when it is left or sent.
 */
export function MinutesField({
  onChange,
  ...field
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  max: number;
  step: number;
  hint?: ReactNode;
  error?: string;
}) {
  return <NumberInputField min={0} {...field} onChange={(e) => onChange(e.target.value)} />;
}
