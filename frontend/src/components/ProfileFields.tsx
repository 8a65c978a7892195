import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ProfileInput } from '@barber/shared';
import { FormField } from './ui/FormField';
import { Input } from './ui/Input';

/** The full name, email and phone fields of a profile form (profileSchema), each with its error. */
export function ProfileFields({
  register,
  errors,
  fullNameLabel = 'Full Name',
  phoneLabel = 'Phone',
}: {
  register: UseFormRegister<ProfileInput>;
  errors: FieldErrors<ProfileInput>;
  fullNameLabel?: string;
  phoneLabel?: string;
}) {
  return (
    <>
      <FormField label={fullNameLabel} error={errors.fullName?.message}>
        {(field) => <Input {...field} autoComplete="name" {...register('fullName')} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
      </FormField>
      <FormField label={phoneLabel} error={errors.phone?.message}>
        {(field) => <Input {...field} type="tel" autoComplete="tel" {...register('phone')} />}
      </FormField>
    </>
  );
}
