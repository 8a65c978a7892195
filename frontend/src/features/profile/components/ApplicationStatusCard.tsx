import { Link } from 'wouter';
import { CheckCircle2, Clock, AlertTriangle } from 'lucide-react';
import type { CurrentUser } from '@barber/shared';
import { Badge } from '../../../components/customer/Badge';
import { buttonVariants } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';

/** The barber application status card: pending, approved, or rejected (shown as "Needs Review"). */
export function ApplicationStatusCard({ user }: { user: CurrentUser }) {
  const status = user.barberStatus?.verificationStatus;
  if (!status) return null;
  return (
    <Card data-testid="application-status">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>Barber Application</CardTitle>
        {status === 'pending' ? (
          <Badge variant="warning">Pending</Badge>
        ) : status === 'approved' ? (
          <Badge variant="success">Approved</Badge>
        ) : (
          <Badge variant="danger">Needs Review</Badge>
        )}
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-zinc-700">
        {status === 'pending' ? (
          <>
            <p className="flex items-start gap-2">
              <Clock className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
              Your barber application is under review. This usually takes 1-3 business days.
            </p>
            {user.role === 'customer' ? <p>You can continue using the app as a customer in the meantime.</p> : null}
          </>
        ) : status === 'approved' ? (
          <>
            <p className="flex items-start gap-2">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
              Your application has been approved. You have access to the barber panel.
            </p>
            <Link href="/barber" className={buttonVariants({ size: 'sm' })}>
              Go to Barber Panel
            </Link>
          </>
        ) : (
          <p className="flex items-start gap-2">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
            Your application needs review. Please contact support for more information.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
