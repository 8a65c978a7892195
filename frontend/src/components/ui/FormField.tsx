import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Input, Textarea } from './Input';
import { Label } from './Label';

export interface FieldRenderProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form field with its validation message under it.
 * <FormField label="Username" error={errors.username?.message}>{(p) => <Input {...p} {...register('username')} />}</FormField>
 */
interface FieldFrameProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered at the right of the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
}

export function FormField({
  label,
  error,
  hint,
  labelAside,
  className,
  children,
}: FieldFrameProps & {
  className?: string;
  children: (props: FieldRenderProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A FormField of one <Input>; every other prop goes to the input.
 * <InputField label="Email" error={errors.email?.message} type="email" {...register('email')} />
 */
export function InputField({ label, error, hint, labelAside, ...input }: FieldFrameProps & ComponentProps<'input'>) {
  return (
    <FormField label={label} error={error} hint={hint} labelAside={labelAside}>
      {(field) => <Input {...field} {...input} />}
    </FormField>
  );
}

/** A FormField of one <Textarea>; every other prop goes to the text area. */
export function TextareaField({
  label,
  error,
  hint,
  labelAside,
  ...textarea
}: FieldFrameProps & ComponentProps<'textarea'>) {
  return (
    <FormField label={label} error={error} hint={hint} labelAside={labelAside}>
      {(field) => <Textarea {...field} {...textarea} />}
    </FormField>
  );
}

/** An InputField for a number, with the phone's number keyboard (`decimal`: one with a decimal point). */
export function NumberInputField({
  decimal = false,
  ...props
}: ComponentProps<typeof InputField> & { decimal?: boolean }) {
  return <InputField type="number" inputMode={decimal ? 'decimal' : 'numeric'} {...props} />;
}
