import { formatRating } from '../../../../lib/customer/format';
import { KeyRound, RotateCcw, ShieldCheck, ShieldOff, Star } from 'lucide-react';
import type { AdminBarber } from '@barber/shared';
import { Avatar } from '../../../../components/layouts/UserMenu';
import { Button } from '../../../../components/ui/Button';
import { Badge } from '../StatusBadge';
import { AdminTable } from '../AdminTable';
import { CellLines } from '../CellLines';

export interface BarberActions {
  onToggleVerified: (barber: AdminBarber) => void;
  onSetPassword: (barber: AdminBarber) => void;
  onResetAccount: (barber: AdminBarber) => void;
}

const nameOf = (b: AdminBarber) => b.user.fullName || b.user.username;

function VerifiedBadge({ barber }: { barber: AdminBarber }) {
  return barber.isVerified ? (
    <Badge className="bg-green-100 text-green-900">Verified</Badge>
  ) : (
    <Badge className="bg-amber-100 text-amber-900">Pending</Badge>
  );
}

function Actions({ barber, actions, compact }: { barber: AdminBarber; actions: BarberActions; compact?: boolean }) {
  const name = nameOf(barber);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant={barber.isVerified ? 'outline' : 'default'}
        onClick={() => actions.onToggleVerified(barber)}
        aria-label={`${barber.isVerified ? 'Unverify' : 'Verify'} ${name}`}
      >
        {barber.isVerified ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
        {barber.isVerified ? 'Unverify' : 'Verify'}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => actions.onSetPassword(barber)}
        aria-label={`Set Password for ${name}`}
      >
        <KeyRound aria-hidden="true" />
        {compact ? 'Password' : 'Set Password'}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => actions.onResetAccount(barber)}
        aria-label={`Reset Account of ${name}`}
      >
        <RotateCcw aria-hidden="true" />
        {compact ? 'Reset' : 'Reset Account'}
      </Button>
    </div>
  );
}

function Rating({ barber }: { barber: AdminBarber }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Star className="size-3.5 fill-amber-400 text-amber-500" aria-hidden="true" />
      {formatRating(barber.rating)} <span className="text-zinc-600">({barber.reviewCount})</span>
    </span>
  );
}

const td = 'px-3 py-3 align-middle text-sm text-zinc-900';

/** Desktop: a table. */
export function BarberTable({ barbers, actions }: { barbers: AdminBarber[]; actions: BarberActions }) {
  return (
    <AdminTable
      testId="barbers-table"
      scrollLabel="Barbers table"
      columns={['Barber', 'Contact', 'Experience', 'Rating', 'Status', 'Actions']}
    >
      {barbers.map((b) => (
        <tr key={b.id} data-barber-id={b.id}>
          <td className={td}>
            <div className="flex items-center gap-3">
              <Avatar name={nameOf(b)} />
              <div className="min-w-0">
                <CellLines strong main={nameOf(b)} sub={`@${b.user.username}`} />
              </div>
            </div>
          </td>
          <td className={td}>
            <CellLines main={b.user.email} sub={b.user.phone} />
          </td>
          <td className={td}>
            {b.yearsOfExperience} year{b.yearsOfExperience === 1 ? '' : 's'}
          </td>
          <td className={td}>
            <Rating barber={b} />
          </td>
          <td className={td}>
            <VerifiedBadge barber={b} />
          </td>
          <td className={td}>
            <Actions barber={b} actions={actions} compact />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** Mobile: cards. */
export function BarberCards({ barbers, actions }: { barbers: AdminBarber[]; actions: BarberActions }) {
  return (
    <ul className="space-y-3" data-testid="barbers-cards">
      {barbers.map((b) => (
        <li key={b.id} className="rounded-lg border border-zinc-200 p-4" data-barber-id={b.id}>
          <div className="flex items-start gap-3">
            <Avatar name={nameOf(b)} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-zinc-900">{nameOf(b)}</p>
                <VerifiedBadge barber={b} />
              </div>
              <p className="text-xs text-zinc-600">@{b.user.username}</p>
              <p className="mt-1 break-all text-sm text-zinc-800">{b.user.email}</p>
              {b.user.phone ? <p className="text-sm text-zinc-800">{b.user.phone}</p> : null}
              <p className="mt-1 flex items-center gap-3 text-sm text-zinc-800">
                <span>
                  {b.yearsOfExperience} year{b.yearsOfExperience === 1 ? '' : 's'}
                </span>
                <Rating barber={b} />
              </p>
            </div>
          </div>
          <div className="mt-3">
            <Actions barber={b} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
