import { type AvailabilityAnswer, NO_SERVICE_AREA_MESSAGE } from '@barber/shared';
import { SlotRadioCards } from '../../../components/customer/BookingPickers';
import { Spinner } from '../../../components/ui/Spinner';

/** The widget's available-times grid with the spec's empty, loading and error texts (§8). */
export function AvailableTimes({
  zipcodeComplete,
  hasDateAndService,
  answer,
  isLoading,
  isError,
  value,
  onChange,
}: {
  zipcodeComplete: boolean;
  hasDateAndService: boolean;
  answer: AvailabilityAnswer | undefined;
  isLoading: boolean;
  isError: boolean;
  value: string | null;
  onChange: (slot: string) => void;
}) {
  const heading = <h3 className="mb-2 text-sm font-medium text-zinc-900">Available Times</h3>;
  const note = (text: string, tone: 'muted' | 'error' = 'muted') => (
    <div>
      {heading}
      <p
        role={tone === 'error' ? 'alert' : undefined}
        className={tone === 'error' ? 'text-sm font-medium text-red-700' : 'text-sm text-zinc-600'}
      >
        {text}
      </p>
    </div>
  );

  if (!zipcodeComplete) return note('Enter your zipcode to see available times');
  if (!hasDateAndService) return note('Select a date and service to see available times');
  if (isLoading) {
    return (
      <div>
        {heading}
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600">
          <Spinner className="size-4" /> Loading available times...
        </p>
      </div>
    );
  }
  if (isError || !answer) return note('Failed to fetch availability', 'error');
  if (answer.searchStatus === 'no_service_area') return note(NO_SERVICE_AREA_MESSAGE, 'error');
  const slots = answer.barbers.flatMap((b) => b.availableSlots);
  if (answer.searchStatus !== 'success') {
    return note(answer.message || 'No available times for this date and service', 'error');
  }
  if (slots.length === 0) return note('No available times for this date and service');
  return (
    <SlotRadioCards
      name="widget-time"
      legend="Available Times"
      className="grid-cols-3 sm:grid-cols-4"
      slots={slots}
      value={value}
      onChange={onChange}
    />
  );
}
