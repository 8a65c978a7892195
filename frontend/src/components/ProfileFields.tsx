import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ProfileInput } from '@barber/shared';
import { ACCOUNT_INPUTS } from './formInputs';
import { RegisteredFields } from './RegisteredFields';

/** The full name, email and phone fields of a profile form (profileSchema), each with its error. */
export function ProfileFields({
  fullNameLabel = 'Full Name',
  phoneLabel = 'Phone',
  ...form
}: {
  register: UseFormRegister<ProfileInput>;
  errors: FieldErrors<ProfileInput>;
  fullNameLabel?: string;
  phoneLabel?: string;
}) {
  return (
    <RegisteredFields
      inputs={ACCOUNT_INPUTS}
      {...form}
      labels={{ fullName: fullNameLabel, email: 'Email', phone: phoneLabel }}
    />
  );
}
