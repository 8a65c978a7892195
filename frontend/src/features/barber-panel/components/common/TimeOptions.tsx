import type { ComponentProps } from 'react';
import { FormField } from '../../../../components/ui/FormField';
import { formatTime } from '../../lib/format';
import { NativeSelect } from './NativeSelect';

/** The <option>s of a time select: each HH:mm value shown as "2:30 PM". */
export function TimeOptions({ times }: { times: readonly string[] }) {
  return times.map((t) => (
    <option key={t} value={t}>
      {formatTime(t)}
    </option>
  ));
}

/** A labelled select of `times` with its error under it; every other prop goes to the select. */
export function TimeSelectField({
  label,
  times,
  error,
  ...select
}: ComponentProps<'select'> & { label: string; times: readonly string[]; error?: string }) {
  return (
    <FormField label={label} error={error}>
      {(p) => (
        <NativeSelect {...p} {...select}>
          <TimeOptions times={times} />
        </NativeSelect>
      )}
    </FormField>
  );
}
