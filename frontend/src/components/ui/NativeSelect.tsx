import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { FormField } from './FormField';
import { inputClasses } from './Input';
import { Options } from './Options';

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
