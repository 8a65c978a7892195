import type { CurrentUser } from '@barber/shared';
import { TitledCard } from '../../../../components/ui/Card';
import { DetailRow } from '../../../../components/ui/DetailRow';
import { formatLocaleDate } from '../../lib/format';

const row = 'items-center gap-3 py-2 text-sm';

/** Account Details: user id, username, role, creation and last update dates. */
export function AccountDetailsCard({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <TitledCard className={className} title="Account Details" description="Information about your account">
      <dl className="divide-y divide-zinc-100">
        <DetailRow className={row} label="User ID" value={String(user.id)} />
        <DetailRow className={row} label="Username" value={user.username} />
        <DetailRow className={row} label="Role" value="Administrator" />
        <DetailRow className={row} label="Account Created" value={formatLocaleDate(user.createdAt)} />
        <DetailRow className={row} label="Last Updated" value={formatLocaleDate(user.updatedAt)} />
      </dl>
    </TitledCard>
  );
}
