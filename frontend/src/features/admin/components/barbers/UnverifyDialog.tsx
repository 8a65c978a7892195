import type { AdminBarber } from '@barber/shared';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';

/** Unverifying delists the barber from search and booking, so the admin confirms it first. */
export function UnverifyDialog({
  barber,
  pending,
  onClose,
  onConfirm,
}: {
  barber: AdminBarber | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (barber: AdminBarber) => void;
}) {
  const name = barber ? barber.user.fullName || barber.user.username : '';
  return (
    <ConfirmDialog
      open={barber !== null}
      onClose={onClose}
      onConfirm={() => (barber ? onConfirm(barber) : undefined)}
      pending={pending}
      title={`Unverify ${name}?`}
      description={`${name} will no longer appear in search results and customers will not be able to book them until verified again. Existing bookings are kept.`}
      confirmLabel="Unverify"
      pendingLabel="Unverifying..."
    />
  );
}
