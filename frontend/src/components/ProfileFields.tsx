import type { ComponentProps } from 'react';
import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import type { ProfileInput } from '@barber/shared';
import { RegisteredFields } from './RegisteredFields';

type AccountKey = 'fullName' | 'username' | 'email' | 'phone';

/** The account inputs in their order, each with its keyboard and the autofill browsers offer. */
const ACCOUNT_INPUTS: Record<AccountKey, ComponentProps<'input'>> = {
  fullName: { autoComplete: 'name' },
  username: { autoComplete: 'username', autoCapitalize: 'none' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
};

/** The account fields of a form: full name, username, email, phone; a field shows when it has a label. */
export function AccountFields<T extends FieldValues>(props: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  labels: Partial<Record<AccountKey, string>>;
}) {
  return <RegisteredFields inputs={ACCOUNT_INPUTS} {...props} />;
}

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
    <AccountFields
      register={register}
      errors={errors}
      labels={{ fullName: fullNameLabel, email: 'Email', phone: phoneLabel }}
    />
  );
}
