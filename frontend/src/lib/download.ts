import { apiRequest } from './api';

/**
 * Downloads a file the API makes (a CSV export): fetched first, so that a refusal or a failure throws an
 * ApiError the screen can show instead of a saved error page, then saved under the server's file name
 * (Content-Disposition), else `fallbackName`. Answers the name it was saved under.
 */
export async function downloadFile(url: string, fallbackName: string, accept = 'text/csv'): Promise<string> {
  const res = await apiRequest('GET', url, undefined, { headers: { Accept: accept } });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
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
  return name;
}
