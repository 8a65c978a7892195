import type { ComponentProps } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { InputField } from './ui/FormField';

/**
 * One InputField per key of `inputs` (in its order) that has a label in `labels`: registered in the form
 * under that key, typed by its entry in `inputs`, with its error under it.
 */
export function RegisteredFields<T extends FieldValues, K extends string>({
  register,
  errors,
  inputs,
  labels,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  inputs: Record<K, ComponentProps<'input'>>;
  labels: Partial<Record<K, string>>;
}) {
  const fieldErrors = errors as FieldErrors<Record<K, string>>;
  return (Object.keys(inputs) as K[]).map((name) =>
    labels[name] ? (
      <InputField
        key={name}
        label={labels[name]}
        error={fieldErrors[name]?.message as string | undefined}
        {...inputs[name]}
        {...register(name as unknown as Path<T>)}
      />
    ) : null,
  );
}
