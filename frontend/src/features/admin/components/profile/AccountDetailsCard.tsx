import type { CurrentUser } from '@barber/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { formatLocaleDate } from '../../lib/format';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="text-sm text-zinc-600">{label}</dt>
      <dd className="text-right text-sm font-medium text-zinc-900">{value}</dd>
    </div>
  );
}

/** Account Details: user id, username, role, creation and last update dates. */
export function AccountDetailsCard({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="text-lg">Account Details</CardTitle>
        <CardDescription>Information about your account</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-zinc-100">
          <Row label="User ID" value={String(user.id)} />
          <Row label="Username" value={user.username} />
          <Row label="Role" value="Administrator" />
          <Row label="Account Created" value={formatLocaleDate(user.createdAt)} />
          <Row label="Last Updated" value={formatLocaleDate(user.updatedAt)} />
        </dl>
      </CardContent>
    </Card>
  );
}
