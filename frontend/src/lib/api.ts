/**
 * The request helper (docs/spec/customer-side.md §7): every request carries the session
 * cookies, bodies are JSON, and any non-ok answer becomes an ApiError whose message is
 * `${status}: ${body text or statusText}`. The parsed JSON error body
 * ({ message, code, ...fields }) is kept on `.body`, the HTTP status on `.status`.
 * Every state-changing request sends `X-Requested-With: fetch` (CSRF guard).
 */

export interface ApiErrorBody {
  message?: string;
  code?: string;
  [field: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, message: string, body: ApiErrorBody | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The API error code (e.g. 'UNAUTHENTICATED', 'ZIPCODE_BLACKLISTED'), when the body had one. */
  get code(): string | undefined {
    return typeof this.body?.code === 'string' ? this.body.code : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A message fit for people: the server's `message` field when the answer had one,
 * else the error's own message, else the fallback.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (isApiError(error) && typeof error.body?.message === 'string' && error.body.message) {
    return error.body.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? 'Something went wrong';
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Appends the defined params to a path: withQuery('/api/barbers', { city: 'miami' }). */
export function withQuery(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const qs = search.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

export interface RequestOptions {
  /** Extra headers, e.g. { 'Idempotency-Key': '...' }. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || '';
  let body: ApiErrorBody | null = null;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as ApiErrorBody;
    } catch {
      body = null;
    }
  }
  throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, body);
}

/** Performs a request and returns the raw (ok) Response. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const upper = method.toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  if (upper !== 'GET' && upper !== 'HEAD') headers['X-Requested-With'] = 'fetch';

  const res = await fetch(url, {
    method: upper,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfNotOk(res);
  return res;
}

async function parseJson<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  return JSON.parse(text) as T;
}

async function requestJson<T>(method: string, url: string, data?: unknown, options?: RequestOptions): Promise<T> {
  const res = await apiRequest(method, url, data, options);
  return parseJson<T>(res);
}

/** JSON helpers: `api.get<Barber[]>('/api/barbers')`, `api.post<Booking>('/api/bookings', payload)`. */
export const api = {
  get: <T>(url: string, params?: QueryParams, options?: RequestOptions) =>
    requestJson<T>('GET', withQuery(url, params), undefined, options),
  post: <T>(url: string, data?: unknown, options?: RequestOptions) => requestJson<T>('POST', url, data, options),
  put: <T>(url: string, data?: unknown, options?: RequestOptions) => requestJson<T>('PUT', url, data, options),
  patch: <T>(url: string, data?: unknown, options?: RequestOptions) => requestJson<T>('PATCH', url, data, options),
  delete: <T>(url: string, data?: unknown, options?: RequestOptions) => requestJson<T>('DELETE', url, data, options),
};
