import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage, NetworkError } from './api';

function answering(body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 200 }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the JSON helpers with an answer schema', () => {
  it('answer what the server answered when it matches the schema', async () => {
    const answer = { feeCollectionEnabled: false };
    answering(answer);
    await expect(
      api.get('/api/fee-collection-status', undefined, { answer: 'feeCollectionStatusSchema' }),
    ).resolves.toEqual(answer);
  });

  it('throw in development builds when the answer drifts from the schema, naming the call and the field', async () => {
    expect(import.meta.env.DEV).toBe(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answering({ feeCollectionEnabled: 'yes' });
    const drift =
      /^The answer of POST \/api\/fee-collection-status does not match feeCollectionStatusSchema: feeCollectionEnabled: Expected boolean, received string$/;
    await expect(
      api.post('/api/fee-collection-status', { x: 1 }, { answer: 'feeCollectionStatusSchema' }),
    ).rejects.toThrow(drift);
    // logged too, for the callers that fall back on any failure
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(drift) }));
  });

  it('check nothing without a schema', async () => {
    answering({ anything: true });
    await expect(api.put('/api/notifications/read-all')).resolves.toEqual({ anything: true });
  });
});

describe('errorMessage', () => {
  const proxied = new ApiError(502, '502: <html>Bad Gateway</html>', null);
  it("gives the server's message, else the caller's fallback, never a proxy's page in its place", () => {
    expect(errorMessage(new ApiError(409, '409: {}', { message: 'Slot taken' }), 'Failed.')).toBe('Slot taken');
    expect(errorMessage(proxied, 'Failed to reset account.')).toBe('Failed to reset account.');
    expect(errorMessage(new ApiError(500, '500: {"code":"X"}', { code: 'X' }), 'Failed.')).toBe('Failed.');
  });
  it('says something plain when the caller has no text of its own: never the proxy page or the browser error', () => {
    expect(errorMessage(proxied)).toBe('Something went wrong on our side. Please try again.');
    expect(errorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      'Could not reach the server. Please check your connection and try again.',
    );
    expect(errorMessage(new NetworkError(new TypeError('Failed to fetch')), 'Failed.')).toBe('Failed.');
    expect(errorMessage(new Error('Card declined'), 'Failed.')).toBe('Card declined');
    // a bug of the app's own is not a network failure
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      "Cannot read properties of undefined (reading 'id')",
    );
  });

  it("names fetch's own rejection a network failure, and leaves a caller's abort as it is", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/api/my-bookings')).rejects.toBeInstanceOf(NetworkError);
    const aborted = new AbortController();
    aborted.abort();
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('Aborted', 'AbortError')));
    await expect(api.get('/api/my-bookings', undefined, { signal: aborted.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
