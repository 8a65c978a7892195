import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addDaysLocal, barberSearchQuerySchema, minutesOfDay, todayLocal } from '@barber/shared';
import type { SearchParams } from './searchParams';

/** The booking window: today through 30 days ahead (docs/spec/customer-side.md §9). */
export const SEARCH_WINDOW_DAYS = 30;

const base = zodResolver(barberSearchQuerySchema) as unknown as Resolver<SearchParams>;

/**
 * The search form's validation: the API's own query schema (zipcode at least 5 characters,
 * "Please enter a valid zipcode"; date required, "Please select a date"), plus no past dates
 * and the latest time not before the earliest. Answers the raw form values on success.
 */
export const searchResolver: Resolver<SearchParams> = async (values, context, options) => {
  const prepared = { ...values, date: values.date || undefined } as unknown as SearchParams;
  const result = await base(prepared, context, options);
  const errors: FieldErrors<SearchParams> = { ...result.errors };
  const today = todayLocal();
  if (!errors.date && values.date && (values.date < today || values.date > addDaysLocal(today, SEARCH_WINDOW_DAYS))) {
    errors.date = { type: 'range', message: 'Please select a date from today to 30 days ahead' };
  }
  if (values.startTime && values.endTime && minutesOfDay(values.endTime) < minutesOfDay(values.startTime)) {
    errors.endTime = { type: 'order', message: 'Latest time must be after the earliest time' };
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { ...values, zipcode: values.zipcode.trim() }, errors: {} };
};
