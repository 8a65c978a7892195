import { useId } from 'react';
import { Clock, ImageOff, MessageSquare, Reply } from 'lucide-react';
import type { Review, Service } from '@barber/shared';
import { StarRating } from '../../../components/customer/StarRating';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EditDeleteButtons } from '../../../components/ui/EditDeleteButtons';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { datePart, formatLocalDate, formatMoney } from '../../../lib/customer/format';

/** Tabs Services / Portfolio / Reviews of the barber profile. */
export function ProfileTabs({
  name,
  services,
  portfolio,
  reviews,
  onBookService,
  owner,
  onReply,
}: {
  name: string;
  services: Service[];
  portfolio: string[];
  reviews: Review[];
  onBookService: (serviceId: number) => void;
  /** Set for the barber who owns the profile: each service card offers Edit and Delete. */
  owner?: { edit: (service: Service) => void; remove: (service: Service) => void };
  /** Set for the reviewed barber viewing their own profile: each review without a response offers Reply. */
  onReply?: (review: Review) => void;
}) {
  const reviewIds = useId();
  return (
    <Tabs defaultValue="services">
      <TabsList className="grid w-full grid-cols-3 sm:w-auto sm:inline-grid">
        <TabsTrigger value="services">Services</TabsTrigger>
        <TabsTrigger value="portfolio">Portfolio</TabsTrigger>
        <TabsTrigger value="reviews">Reviews</TabsTrigger>
      </TabsList>

      <TabsContent value="services">
        {services.length === 0 ? (
          <EmptyState headingLevel={3} title="No services available" />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {services.map((s) => (
              <li key={s.id}>
                <Card className="flex h-full flex-col gap-3 p-5">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="font-semibold">{s.name}</h3>
                    <span className="text-lg font-bold">{formatMoney(s.price)}</span>
                  </div>
                  {s.description ? <p className="text-sm text-zinc-700">{s.description}</p> : null}
                  <div className="mt-auto flex items-center justify-between gap-3">
                    <span className="inline-flex items-center gap-1 text-sm text-zinc-600">
                      <Clock className="size-4" aria-hidden="true" />
                      {s.duration} min
                    </span>
                    <Button size="sm" onClick={() => onBookService(s.id)} aria-label={`Book ${s.name}`}>
                      Book
                    </Button>
                  </div>
                  {owner ? (
                    <EditDeleteButtons
                      subject={`Service: ${s.name}`}
                      onEdit={() => owner.edit(s)}
                      onDelete={() => owner.remove(s)}
                    />
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </TabsContent>

      <TabsContent value="portfolio">
        {portfolio.length === 0 ? (
          <EmptyState headingLevel={3} icon={<ImageOff />} title="No portfolio images available" />
        ) : (
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
            {portfolio.map((src, i) => (
              <li key={`${src}-${i}`}>
                <img
                  src={src}
                  alt={`Portfolio image ${i + 1} of ${portfolio.length} by ${name}`}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg bg-zinc-200 object-cover"
                />
              </li>
            ))}
          </ul>
        )}
      </TabsContent>

      <TabsContent value="reviews">
        {reviews.length === 0 ? (
          <EmptyState headingLevel={3} icon={<MessageSquare />} title="No reviews yet" />
        ) : (
          <ul className="space-y-3">
            {reviews.map((r) => (
              <li key={r.id}>
                <Card className="space-y-2 p-5">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="flex items-center gap-2">
                      <StarRating value={r.rating} />
                      <span id={`${reviewIds}-${r.id}`} className="text-sm font-medium">
                        {r.customerName}
                      </span>
                    </div>
                    <time dateTime={r.createdAt} className="text-sm text-zinc-600">
                      {formatLocalDate(datePart(r.createdAt), 'medium')}
                    </time>
                  </div>
                  {r.comment ? <p className="text-sm text-zinc-800">{r.comment}</p> : null}
                  {r.barberResponse ? (
                    <div className="rounded-md border-l-4 border-amber-400 bg-amber-50 p-3 text-sm">
                      <p className="font-medium">Response from {name}</p>
                      <p className="text-zinc-800">{r.barberResponse}</p>
                    </div>
                  ) : onReply ? (
                    <div className="flex justify-end">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => onReply(r)}
                        aria-describedby={`${reviewIds}-${r.id}`}
                      >
                        <Reply aria-hidden="true" />
                        Reply
                      </Button>
                    </div>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </TabsContent>
    </Tabs>
  );
}
