import { Download, FileSpreadsheet, HandCoins, Receipt } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { adminReportFileName, type AdminReportKind } from '@barber/shared';
import { DateRangeFields } from '../../../components/DateRangeFields';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import type { DateRange } from '../../../lib/dateRange';
import { downloadReport } from '../../../lib/download';
import { PageHeader } from '../../../components/ui/PageTitle';
import { reportUrl } from '../api/analytics';
import { formatLocalDate } from '../lib/format';
import { useRangeChoice } from './analytics/useRangeChoice';

const reports: { kind: AdminReportKind; title: string; description: string; icon: ReactNode }[] = [
  {
    kind: 'bookings',
    title: 'Bookings',
    description:
      'Every booking dated in the range: customer, barber, service, status, amounts, payment and refund, with a totals row.',
    icon: <Receipt />,
  },
  {
    kind: 'earnings',
    title: 'Earnings per Barber',
    description: "Per barber: bookings, completed bookings, gross revenue, platform fees and the barber's earnings.",
    icon: <FileSpreadsheet />,
  },
  {
    kind: 'payouts',
    title: 'Payouts Owed',
    description: "Per barber: the barber's share of completed bookings the platform collected by card (not refunded).",
    icon: <HandCoins />,
  },
];

/** Admin Reports (issue 11 item 12): CSV downloads of the chosen range, the range in each file name. */
export function ReportsPage() {
  const choice = useRangeChoice();
  const { range } = choice;
  return (
    <div className="space-y-6">
      <PageHeader title="Reports" description="Download the platform's bookings, earnings and payouts as CSV files" />
      <DateRangeFields {...choice.fields} />
      {range ? (
        <p className="text-sm text-zinc-600" data-testid="reports-range">
          {formatLocalDate(range.startDate, 'MMM d, yyyy')} – {formatLocalDate(range.endDate, 'MMM d, yyyy')}, by the
          appointment's date
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {reports.map((r) => (
          <Card key={r.kind} className="flex flex-col" data-testid={`report-${r.kind}`}>
            <CardHeader>
              <div className="flex items-center gap-2">
                <span className="text-zinc-700 [&_svg]:size-5" aria-hidden="true">
                  {r.icon}
                </span>
                <CardTitle className="text-lg">{r.title}</CardTitle>
              </div>
              <CardDescription>{r.description}</CardDescription>
            </CardHeader>
            <CardContent className="mt-auto space-y-3">
              {range ? (
                <>
                  <p className="font-mono text-xs text-zinc-600 [overflow-wrap:anywhere]">
                    {adminReportFileName(r.kind, range.startDate, range.endDate)}
                  </p>
                  <ReportDownload kind={r.kind} title={r.title} range={range} />
                </>
              ) : (
                <p className="text-sm text-zinc-600">Choose a valid range to download.</p>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}

/**
 * A report's download: fetched first, so that a refusal (an expired session, a server failure) is said in a
 * toast instead of saving the error's JSON as a CSV file (lib/download.ts).
 */
function ReportDownload({ kind, title, range }: { kind: AdminReportKind; title: string; range: DateRange }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadReport(reportUrl(kind, range), adminReportFileName(kind, range.startDate, range.endDate));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button className="w-full" onClick={() => void download()} disabled={pending} aria-busy={pending}>
      <Download aria-hidden="true" />
      Download {title} CSV
    </Button>
  );
}
