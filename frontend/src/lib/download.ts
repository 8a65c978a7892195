import { toast } from '../components/ui/toast';
import { apiRequest, errorMessage } from './api';

/**
 * Downloads a file the API makes (a CSV export): fetched first, so that a refusal or a failure throws an
 * ApiError the screen can show instead of a saved error page, then saved under the server's file name
 * (Content-Disposition), else `fallbackName`. Answers the name it was saved under.
 */
async function downloadFile(url: string, fallbackName: string, accept = 'text/csv'): Promise<string> {
  const res = await apiRequest('GET', url, undefined, { headers: { Accept: accept } });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await res.blob(), name);
  return name;
}

/** Has the browser save `blob` as a file named `name` (a download). */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  }
}

/**
 * A report's download (CSV exports) with its outcome in a toast: 'Report Download' with the file's name, or
 * 'Export failed' with the server's reason. Resolves either way.
 */
export async function downloadReport(url: string, fallbackName: string): Promise<void> {
  try {
    const name = await downloadFile(url, fallbackName);
    toast({ title: 'Report Download', description: `${name} was downloaded.`, variant: 'success' });
  } catch (error) {
    toast({
      title: 'Export failed',
      description: errorMessage(error, 'The report could not be downloaded.'),
      variant: 'destructive',
    });
  }
}
