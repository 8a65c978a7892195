import type * as SharedModule from '@barber/shared';

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
 * A read refused for what it asked (no such thing, not the caller's, a malformed id): asking again will not
 * help. Anything else (the server failing, the network, maintenance) may pass on a retry.
 */
export function isRefusedRead(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 403 || error.status === 404);
}

/** The server's own explanation of a refused call, when it gave one (undefined for a network failure). */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) && typeof error.body?.message === 'string' && error.body.message
    ? error.body.message
    : undefined;
}

/** What the server says of a failure of its own; also said for an answer with no message (a proxy's page). */
const SERVER_FAILED = 'Something went wrong on our side. Please try again.';
const UNREACHABLE = 'Could not reach the server. Please check your connection and try again.';

/**
 * A message fit for people: the server's `message` field when the answer had one, else the fallback when there is
 * one, else a plain sentence: never a proxy's "502: <html>…" or the browser's "Failed to fetch".
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const said = serverMessage(error);
  if (said) return said;
  if (fallback && (isApiError(error) || error instanceof NetworkError)) return fallback;
  if (isApiError(error)) return SERVER_FAILED;
  if (error instanceof NetworkError) return UNREACHABLE;
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

let sessionRefused: (() => void) | null = null;

/**
 * Called when a call is refused as signed out (401) other than the session's own calls: the session ended meanwhile
 * (timed out, signed out elsewhere), and the app must learn it (stores/session.ts) rather than fail each call.
 */
export function onSessionRefused(callback: () => void): void {
  sessionRefused = callback;
}

const SESSION_CALLS = /^\/api\/(current-user|login|logout|register)\b/;

/** The request never got an answer (offline, the server down, the connection cut): fetch's own rejection. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network request failed', { cause });
    this.name = 'NetworkError';
  }
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

  let res: Response;
  try {
    res = await fetch(url, {
      method: upper,
      headers,
      body: data !== undefined ? JSON.stringify(data) : undefined,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    // an abort is the caller's own doing, not the network's
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  if (res.status === 401 && !SESSION_CALLS.test(url)) sessionRefused?.();
  await throwIfNotOk(res);
  return res;
}

/** A zod schema, as far as the check needs one (the frontend names no zod type of its own). */
interface AnswerSchema {
  readonly _output: unknown;
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly (string | number)[]; message: string }[] } };
}

type Shared = typeof SharedModule;

/** The name of a schema exported by shared, e.g. 'bookingListAnswerSchema'. */
export type AnswerSchemaName = {
  [K in keyof Shared]: K extends `${string}Schema` ? (Shared[K] extends AnswerSchema ? K : never) : never;
}[keyof Shared];

/** The answer a schema of shared describes (its zod output). */
export type AnswerOf<N extends AnswerSchemaName> = Shared[N]['_output'];

export interface JsonOptions<N extends AnswerSchemaName> extends RequestOptions {
  /** The name of the answer's schema in shared: it types the result, and development builds check the answer. */
  answer?: N;
}

let loadSchemas: (() => Promise<Shared>) | null = null;
let schemas: Promise<Shared> | null = null;

/**
 * Development builds (main.tsx) and tests (test/checkAnswers.ts) check every answer against its schema from
 * now on, so a drift of the contract fails at once and names the call. Production builds never call this:
 * they skip the check and never load shared's schemas for it (a dynamic import of shared here, even a dead
 * one, reshapes the entry's chunks).
 */
export function checkAnswersWith(load: () => Promise<Shared>): void {
  loadSchemas = load;
  schemas = null;
}

/** Throws (and logs) when an answer does not match its schema; the caller gets the answer itself, unchanged. */
async function checkAnswer(method: string, url: string, name: AnswerSchemaName, answer: unknown): Promise<void> {
  if (!loadSchemas) return;
  schemas ??= loadSchemas();
  const schema: AnswerSchema = (await schemas)[name];
  const result = schema.safeParse(answer);
  if (result.success) return;
  const issues = result.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
  const error = new Error(`The answer of ${method} ${url} does not match ${name}: ${issues}`);
  // Logged as well: a caller with a fallback for failed calls would hide the drift.
  console.error(error);
  throw error;
}

async function requestJson(method: string, url: string, data: unknown, options: JsonOptions<AnswerSchemaName> = {}) {
  const { answer: name, ...request } = options;
  const res = await apiRequest(method, url, data, request);
  const text = res.status === 204 ? '' : await res.text();
  const answer: unknown = text ? JSON.parse(text) : undefined;
  if (import.meta.env.DEV && name) await checkAnswer(method, url, name, answer);
  return answer;
}

interface JsonHelper<Args extends unknown[]> {
  /** With the name of the answer's schema: the answer, typed by it. */
  <N extends AnswerSchemaName>(...args: [...Args, options: JsonOptions<N> & { answer: N }]): Promise<AnswerOf<N>>;
  /** Without: an answer nobody reads. */
  (...args: [...Args, options?: RequestOptions]): Promise<unknown>;
}

const withBody =
  (method: string): JsonHelper<[url: string, data?: unknown]> =>
  (url: string, data?: unknown, options?: JsonOptions<AnswerSchemaName>) =>
    requestJson(method, url, data, options) as Promise<never>;

/**
 * JSON helpers, the answer typed (and checked in development) by its schema in shared:
 * `api.get('/api/my-bookings', undefined, { answer: 'bookingListAnswerSchema' })`,
 * `api.post('/api/bookings', payload, { answer: 'bookingAnswerSchema' })`.
 */
export const api = {
  get: ((url: string, params?: QueryParams, options?: JsonOptions<AnswerSchemaName>) =>
    requestJson('GET', withQuery(url, params), undefined, options)) as JsonHelper<[url: string, params?: QueryParams]>,
  post: withBody('POST'),
  put: withBody('PUT'),
  patch: withBody('PATCH'),
  delete: withBody('DELETE'),
};
