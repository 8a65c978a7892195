import { type Service, isBelowMinimum, parseMoneyToCents } from '@barber/shared';
import { Clock } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../../components/ui/Card';
import { usePublicSettings } from '../../../../lib/publicSettings';
import { categoryLabel } from '../../../../lib/serviceCategories';
import { money } from '../../lib/format';
import { EditDeleteButtons } from '../../../../components/ui/EditDeleteButtons';

export function ServiceCard({
  service,
  onEdit,
  onDelete,
}: {
  service: Service;
  onEdit: (service: Service) => void;
  onDelete: (service: Service) => void;
}) {
  // the platform's minimum can rise after the service was priced: say so rather than let it sit unbookable
  const minimum = usePublicSettings().data?.minimumBookingAmount;
  return (
    <Card data-testid={`service-${service.id}`} className="flex flex-col">
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-lg font-semibold leading-tight">{service.name}</h3>
          <span className="shrink-0 text-lg font-bold">{money(service.price)}</span>
        </div>
        <div className="flex flex-wrap gap-2 text-xs">
          <span className="rounded-full bg-zinc-100 px-2 py-0.5 font-medium text-zinc-800">
            {categoryLabel(service.category)}
          </span>
          <span
            className={
              service.isActive
                ? 'rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-900'
                : 'rounded-full bg-zinc-200 px-2 py-0.5 font-medium text-zinc-800'
            }
          >
            {service.isActive ? 'Active' : 'Inactive'}
          </span>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <p className="flex-1 text-sm text-zinc-700">{service.description || 'No description'}</p>
        <p className="flex items-center gap-1.5 text-sm text-zinc-700">
          <Clock className="size-4" aria-hidden="true" />
          {service.duration} min
        </p>
        {minimum !== undefined && service.isActive && isBelowMinimum(parseMoneyToCents(service.price), minimum) ? (
          <p className="text-sm font-medium text-amber-800">
            Below the minimum booking amount (${minimum}): customers cannot book it.
          </p>
        ) : null}
        <EditDeleteButtons
          subject={`Service: ${service.name}`}
          onEdit={() => onEdit(service)}
          onDelete={() => onDelete(service)}
        />
      </CardContent>
    </Card>
  );
}
