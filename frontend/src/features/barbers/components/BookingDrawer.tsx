import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { Service } from '@barber/shared';
import { DialogCloseButton, DialogDescription, DialogOverlay, DialogTitle } from '../../../components/ui/Dialog';
import type { ProfileBookingParams } from '../../../lib/profileParams';
import { BookingWidget } from './BookingWidget';

/** The "Book Appointment" drawer holding the booking widget (full width on phones, a side panel on desktop). */
export function BookingDrawer({
  open,
  onOpenChange,
  barberId,
  barberName,
  services,
  initial,
  profilePath,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  barberId: number;
  barberName: string;
  services: Service[];
  initial: ProfileBookingParams;
  profilePath: string;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col overflow-y-auto border-l border-zinc-200 bg-white p-6 text-zinc-900 shadow-lg">
          <div className="mb-5 pr-8">
            <DialogTitle>Book Appointment</DialogTitle>
            <DialogDescription>with {barberName}</DialogDescription>
          </div>
          {open ? (
            <BookingWidget barberId={barberId} services={services} initial={initial} profilePath={profilePath} />
          ) : null}
          <DialogCloseButton iconSize="size-5" />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
