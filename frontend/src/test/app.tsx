/*
 * The whole app (providers, route table, layouts, lazy screens) rendered at a path, in memory, with
 * `fetch` answered by a small fake of the API: what a route guard or a redirect does is then seen the
 * way a user sees it (the address and the screen), not through the components' internals.
 */
import type { CurrentUser, Role } from '@barber/shared';
import { render, type RenderResult } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, vi } from 'vitest';
import { App } from '../app/App';
import { queryClient } from '../lib/queryClient';
import { useSession } from '../stores/session';

type FakeAnswer = { status?: number; body?: unknown };
/** Answers one request; `undefined` falls through to 404. */
export type FakeRoute = (request: { method: string; path: string; body: unknown }) => FakeAnswer | undefined;

/** Replaces `fetch` by `routes` (tried in order; unanswered requests get a JSON 404). Returns the requests seen. */
export function fakeApi(...routes: FakeRoute[]): { requests: { method: string; path: string; body: unknown }[] } {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    const request = { method, path: `${url.pathname}${url.search}`, body };
    requests.push(request);
    let answer: FakeAnswer | undefined;
    for (const route of routes) {
      answer = route(request);
      if (answer) break;
    }
    const { status = 404, body: out = { message: 'Not found', code: 'NOT_FOUND' } } = answer ?? {};
    return new Response(status === 204 ? null : JSON.stringify(out), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { requests };
}

/**
 * Each test of the file starts with an empty query cache and `user` signed in, and ends with `fetch` put back and
 * nobody signed in (call at the top level of a test file).
 */
export function signedInForEachTest(user: CurrentUser): void {
  beforeEach(() => {
    queryClient.clear();
    useSession.setState({ user, status: 'ready' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ user: null, status: 'loading' });
  });
}

/** A user of a role, as GET /api/current-user answers it. */
export function userOf(role: Role, id = 7): CurrentUser {
  return {
    id,
    username: `${role}${id}`,
    fullName: `Test ${role}`,
    email: `${role}${id}@example.test`,
    phone: null,
    address: null,
    role,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    barberStatus: null,
  };
}

/** GET /api/current-user answered with `user()` (null: 401, signed out); the answer may change during a test. */
export function currentUserRoute(user: () => CurrentUser | null): FakeRoute {
  return ({ method, path }) => {
    if (method !== 'GET' || path !== '/api/current-user') return undefined;
    const u = user();
    return u
      ? { status: 200, body: u }
      : { status: 401, body: { message: 'Not authenticated', code: 'UNAUTHENTICATED' } };
  };
}

/** Renders the app at `path` (with its query). `location.history` records every address it went to. */
export function renderApp(
  path: string,
): RenderResult & { location: ReturnType<typeof memoryLocation> & { history: string[] } } {
  // the app's singletons start each test as on a fresh page load
  useSession.setState({ user: null, status: 'loading' });
  queryClient.clear();
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App />
    </Router>,
  );
  return Object.assign(result, { location });
}
