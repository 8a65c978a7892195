import type { ReactNode } from 'react';
import type { BookingView } from '@barber/shared';
import { Download, Mail, MapPin, Navigation, Phone, User } from 'lucide-react';
import { Button, buttonVariants } from '../../../../components/ui/Button';
import { toast } from '../../../../components/ui/toast';
import { cn } from '../../../../lib/cn';
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

/** One contact detail: its icon (named for screen readers) as the term, the detail as its value. */
function ContactRow({
  icon,
  top = false,
  valueClassName,
  children,
}: {
  icon: ReactNode;
  /** Icon at the top of a value that may wrap (an address), else centred. */
  top?: boolean;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex gap-2', top ? 'items-start' : 'items-center')}>
      <dt>{icon}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

function ContactLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="underline underline-offset-2" href={href}>
      {children}
    </a>
  );
}

/** "Label: text", left out when there is no text. */
function LabelledNote({ label, children }: { label: string; children: string | null | undefined }) {
  return children ? (
    <p className="text-sm text-zinc-700">
      <span className="font-medium">{label}:</span> {children}
    </p>
  ) : null;
}

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
        <ContactRow icon={<User className="size-4 text-zinc-600" aria-label="Name" />}>
          {customerName(booking)}
        </ContactRow>
        <ContactRow icon={<Phone className="size-4 text-zinc-600" aria-label="Phone" />}>
          {phone ? <ContactLink href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</ContactLink> : PHONE_NOT_PROVIDED}
        </ContactRow>
        <ContactRow
          icon={<Mail className="size-4 text-zinc-600" aria-label="Email" />}
          valueClassName="min-w-0 break-all"
        >
          {booking.customer?.email ? (
            <ContactLink href={`mailto:${booking.customer.email}`}>{booking.customer.email}</ContactLink>
          ) : (
            'N/A'
          )}
        </ContactRow>
        <ContactRow top icon={<MapPin className="mt-0.5 size-4 text-zinc-600" aria-label="Address" />}>
          {address ?? ADDRESS_NOT_PROVIDED}
        </ContactRow>
      </dl>
      <LabelledNote label="Special instructions">{booking.specialInstructions}</LabelledNote>
      <LabelledNote label="Customer notes">{booking.notes}</LabelledNote>
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
