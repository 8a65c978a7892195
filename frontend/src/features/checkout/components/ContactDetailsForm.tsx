import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { bookingDetailsInputSchema, type BookingDetailsInput, type BookingView } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { FormField, InputField, TextareaField } from '../../../components/ui/FormField';
import { SubmitReason } from '../../../components/ui/SubmitReason';
import { AddressInput } from './AddressInput';

export interface ContactDetailsValues {
  customerPhone: string;
  customerAddress: string;
  apartmentUnit: string;
  specialInstructions: string;
}

/** Checkout step 1: phone, address (with suggestions), apartment/unit, special instructions. */
export function ContactDetailsForm({
  booking,
  defaults,
  saving,
  onSubmit,
}: {
  booking: BookingView;
  defaults: ContactDetailsValues;
  saving: boolean;
  onSubmit: (details: BookingDetailsInput) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ContactDetailsValues>({
    resolver: zodResolver(bookingDetailsInputSchema) as never,
    defaultValues: defaults,
  });
  const phone = watch('customerPhone');
  const address = watch('customerAddress');
  const incomplete = !phone?.trim() || !address?.trim();
  const whyId = `${useId()}-why`;
  const why = missingDetailsReason(phone, address);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Details</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Contact details"
          className="space-y-4"
          onSubmit={handleSubmit((values) => onSubmit(values as unknown as BookingDetailsInput))}
        >
          <InputField
            label="Phone Number"
            error={errors.customerPhone?.message}
            type="tel"
            autoComplete="tel"
            maxLength={20}
            {...register('customerPhone')}
          />
          <FormField label="Address" error={errors.customerAddress?.message} hint="The barber comes to this address.">
            {(field) => (
              <Controller
                control={control}
                name="customerAddress"
                render={({ field: f }) => (
                  <AddressInput
                    {...field}
                    name={f.name}
                    ref={f.ref}
                    value={f.value ?? ''}
                    onValueChange={f.onChange}
                    onBlur={f.onBlur}
                    maxLength={200}
                    city={booking.displayCity ?? null}
                    zipcode={booking.zipcode ?? null}
                  />
                )}
              />
            )}
          </FormField>
          <InputField
            label="Apartment/Unit (optional)"
            error={errors.apartmentUnit?.message}
            maxLength={50}
            autoComplete="address-line2"
            {...register('apartmentUnit')}
          />
          <TextareaField
            label="Special Instructions (optional)"
            error={errors.specialInstructions?.message}
            rows={3}
            maxLength={500}
            placeholder="Gate code, parking, anything the barber should know"
            {...register('specialInstructions')}
          />
          {why && !saving ? <SubmitReason id={whyId}>{why}</SubmitReason> : null}
          <Button
            type="submit"
            className="w-full"
            disabled={incomplete || saving}
            aria-describedby={why && !saving ? whyId : undefined}
          >
            {saving ? 'Saving...' : 'Continue'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Why Continue is disabled (docs/spec/customer-side.md §2.10: while phone or address is empty), or null. */
function missingDetailsReason(phone: string | undefined, address: string | undefined): string | null {
  const missing = [!phone?.trim() ? 'phone number' : null, !address?.trim() ? 'address' : null].filter(Boolean);
  return missing.length === 0 ? null : `Enter your ${missing.join(' and ')} to continue.`;
}
