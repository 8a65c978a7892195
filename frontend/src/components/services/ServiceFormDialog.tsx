import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serviceInputSchema, type Service, type ServiceInput } from '@barber/shared';
import { FormDialog } from '../ui/FormDialog';
import { InputField, NumberInputField, TextareaField } from '../ui/FormField';
import { SwitchField } from '../ui/Switch';
import { SERVICE_CATEGORIES } from '../../lib/serviceCategories';
import { usePublicSettings } from '../../lib/publicSettings';
import { SelectField } from '../ui/NativeSelect';

export interface ServiceFormValues {
  name: string;
  description: string;
  duration: number;
  price: string;
  category: string;
  isActive: boolean;
}

const NEW_SERVICE_DEFAULTS: ServiceFormValues = {
  name: '',
  description: '',
  duration: 30,
  price: '25',
  category: 'haircut',
  isActive: true,
};

function valuesOf(service: Service | null): ServiceFormValues {
  if (!service) return NEW_SERVICE_DEFAULTS;
  return {
    name: service.name,
    description: service.description,
    duration: service.duration,
    price: service.price,
    category: service.category || 'haircut',
    isActive: service.isActive,
  };
}

/** Add Service and Edit Service: the shared service schema validates the form and the call. */
export function ServiceFormDialog({
  open,
  service,
  onOpenChange,
  onSubmit,
  pending,
}: {
  open: boolean;
  /** null: add a new service. */
  service: Service | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (values: ServiceInput) => void;
  pending: boolean;
}) {
  const editing = service !== null;
  const form = useForm<ServiceInput, unknown, ServiceInput>({
    resolver: zodResolver(serviceInputSchema, undefined, { raw: true }),
    defaultValues: valuesOf(service),
  });
  const { register, handleSubmit, reset, control, formState } = form;
  const errors = formState.errors;
  const minimum = usePublicSettings().data?.minimumBookingAmount;
  const price = Number(useWatch({ control, name: 'price' }));
  const belowMinimum = minimum !== undefined && Number.isFinite(price) && price > 0 && price < minimum;

  useEffect(() => {
    if (open) reset(valuesOf(service));
  }, [open, service, reset]);

  const categories =
    SERVICE_CATEGORIES.some((c) => c.value === service?.category) || !service?.category
      ? SERVICE_CATEGORIES
      : [...SERVICE_CATEGORIES, { value: service.category, label: service.category }];

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (!pending ? onOpenChange(next) : undefined)}
      title={editing ? 'Edit Service' : 'Add Service'}
      description={editing ? 'Update the details of this service.' : 'Add a new service customers can book.'}
      onSubmit={handleSubmit((values) => onSubmit(values))}
      submitLabel={editing ? 'Save Changes' : 'Add Service'}
      pendingLabel={editing ? 'Saving...' : 'Adding...'}
      pending={pending}
    >
      <InputField label="Name" error={errors.name?.message} placeholder="e.g. Classic Haircut" {...register('name')} />
      <TextareaField
        label="Description"
        error={errors.description?.message}
        placeholder="What the service includes"
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberInputField
          label="Duration (minutes)"
          error={errors.duration?.message}
          min={5}
          step={5}
          {...register('duration', { valueAsNumber: true })}
        />
        <NumberInputField
          label="Price ($)"
          error={errors.price?.message}
          hint={
            belowMinimum ? `Below the platform's minimum booking of $${minimum}: customers cannot book it.` : undefined
          }
          decimal
          min={1}
          step={0.01}
          {...register('price')}
        />
      </div>
      <SelectField label="Category" error={errors.category?.message} choices={categories} {...register('category')} />
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <SwitchField
            label="Active (customers can book it)"
            checked={field.value ?? true}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </FormDialog>
  );
}
