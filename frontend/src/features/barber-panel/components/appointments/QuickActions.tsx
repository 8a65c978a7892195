import { barberQuickActionsAt, type BarberQuickAction, type BookingView } from '@barber/shared';
import { Button } from '../../../../components/ui/Button';
import { useNow } from '../../../../lib/useNow';

/**
 * The quick status buttons of a booking (docs/spec/barber-and-admin.md §4): named exactly as the action labels, only
 * those the booking allows now (contact details saved, paid when fees are collected, the appointment's day or start
 * reached: barberQuickActionsAt).
 */
export function QuickActions({
  booking,
  onAction,
}: {
  booking: BookingView;
  onAction: (booking: BookingView, action: BarberQuickAction) => void;
}) {
  // re-rendered each half minute: En Route on the day and Complete from the start appear when their time comes
  const now = useNow();
  const actions = barberQuickActionsAt(booking, new Date(now));
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action.target}
          size="sm"
          variant={action.target === 'cancelled' ? 'outline' : 'default'}
          className={action.target === 'cancelled' ? 'border-red-300 text-red-800 hover:bg-red-50' : undefined}
          data-action={action.target}
          onClick={(event) => {
            event.stopPropagation();
            onAction(booking, action);
          }}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}
