import type { BookingView } from '@barber/shared';
import { Download, Mail, MapPin, Navigation, Phone, User } from 'lucide-react';
import { Button, buttonVariants } from '../../../../components/ui/Button';
import { toast } from '../../../../components/ui/toast';
import {
  ADDRESS_NOT_PROVIDED,
  appleMapsUrl,
  customerName,
  customerPhone,
  downloadContactCard,
  fullAddress,
  googleMapsDirectionsUrl,
  PHONE_NOT_PROVIDED,
} from '../../lib/contact';

/** The customer's contact details, map links and the contact-card export of the details dialog. */
export function CustomerContact({ booking }: { booking: BookingView }) {
  const phone = customerPhone(booking);
  const address = fullAddress(booking);
  return (
    <section aria-labelledby="customer-contact-heading" className="space-y-2 rounded-lg border border-zinc-200 p-4">
      <h3 id="customer-contact-heading" className="font-semibold">
        Customer
      </h3>
      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt>
            <User className="size-4 text-zinc-600" aria-label="Name" />
          </dt>
          <dd>{customerName(booking)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Phone className="size-4 text-zinc-600" aria-label="Phone" />
          </dt>
          <dd>
            {phone ? (
              <a className="underline underline-offset-2" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                {phone}
              </a>
            ) : (
              PHONE_NOT_PROVIDED
            )}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Mail className="size-4 text-zinc-600" aria-label="Email" />
          </dt>
          <dd className="min-w-0 break-all">
            {booking.customer?.email ? (
              <a className="underline underline-offset-2" href={`mailto:${booking.customer.email}`}>
                {booking.customer.email}
              </a>
            ) : (
              'N/A'
            )}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <MapPin className="mt-0.5 size-4 text-zinc-600" aria-label="Address" />
          </dt>
          <dd>{address ?? ADDRESS_NOT_PROVIDED}</dd>
        </div>
      </dl>
      {booking.specialInstructions ? (
        <p className="text-sm text-zinc-700">
          <span className="font-medium">Special instructions:</span> {booking.specialInstructions}
        </p>
      ) : null}
      {booking.notes ? (
        <p className="text-sm text-zinc-700">
          <span className="font-medium">Customer notes:</span> {booking.notes}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 pt-1">
        {address ? (
          <>
            <a
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              href={googleMapsDirectionsUrl(address)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Navigation aria-hidden="true" />
              Get Directions
            </a>
            <a
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              href={appleMapsUrl(address)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MapPin aria-hidden="true" />
              Open in Apple Maps
            </a>
          </>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            const fileName = downloadContactCard(booking);
            toast({ title: 'Contact Exported', description: `${fileName} downloaded.` });
          }}
        >
          <Download aria-hidden="true" />
          Export Contact
        </Button>
      </div>
    </section>
  );
}
