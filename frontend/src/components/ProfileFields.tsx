import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ProfileInput } from '@barber/shared';
import { InputField } from './ui/FormField';

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
      <InputField
        label={fullNameLabel}
        error={errors.fullName?.message}
        autoComplete="name"
        {...register('fullName')}
      />
      <InputField
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...register('email')}
      />
      <InputField
        label={phoneLabel}
        error={errors.phone?.message}
        type="tel"
        autoComplete="tel"
        {...register('phone')}
      />
    </>
  );
}
