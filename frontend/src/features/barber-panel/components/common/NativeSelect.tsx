import type { ComponentProps } from 'react';
import { cn } from '../../../../lib/cn';
import { FormField } from '../../../../components/ui/FormField';
import { inputClasses } from '../../../../components/ui/Input';
import { Options } from '../../../../components/ui/Options';
import { formatTime } from '../../lib/format';

/** A styled native <select> (keyboard and screen-reader friendly on every device). */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(inputClasses, 'pr-8', className)} {...props} />;
}

/** A labelled NativeSelect of `choices` with its error under it; every other prop goes to the select. */
export function SelectField({
  label,
  error,
  choices,
  ...select
}: ComponentProps<'select'> & {
  label: string;
  error?: string;
  choices: readonly { value: string | number; label: string }[];
}) {
  return (
    <FormField label={label} error={error}>
      {(p) => (
        <NativeSelect {...p} {...select}>
          <Options choices={choices} />
        </NativeSelect>
      )}
    </FormField>
  );
}

/** The choices of a time select: each HH:mm value shown as "2:30 PM". */
export function timeChoices(times: readonly string[]): { value: string; label: string }[] {
  return times.map((t) => ({ value: t, label: formatTime(t) }));
}
