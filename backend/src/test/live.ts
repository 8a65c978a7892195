import { afterAll } from 'vitest';
import { LiveClient } from '../realtime/liveFixtures';
import { useTestApp, type TestApp } from './app';
import { Client } from './client';
import { PASSWORD } from './fixtures';

/** Opens socket clients (not connected yet) of a session; all of them are disconnected after the file's tests. */
export function useLiveClients(): (url: string, http: Client, cursor?: string | null) => LiveClient {
  const clients: LiveClient[] = [];
  afterAll(() => clients.forEach((c) => c.disconnect()));
  return (url, http, cursor) => {
    const client = new LiveClient(url, http.cookieHeader, { cursor });
    clients.push(client);
    return client;
  };
}

export interface LiveTestApp {
  t: TestApp;
  /** The app's address. */
  url: () => string;
  /** A session of the user (password PASSWORD). */
  signIn: (username: string) => Promise<Client>;
  /** A socket client of the session, optionally with a cursor to send in its handshake; not connected yet. */
  liveClient: (http: Client, cursor?: string | null) => LiveClient;
}

/** An app with the live socket server, listening on a port of its own, for the live-path tests. */
export function useLiveTestApp(): LiveTestApp {
  const t = useTestApp({ realtime: true, listen: true });
  const open = useLiveClients();

  const url = (): string => {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  };

  const signIn = async (username: string): Promise<Client> => {
    const client = new Client(t.app);
    await client.login(username, PASSWORD);
    return client;
  };

  return { t, url, signIn, liveClient: (http, cursor) => open(url(), http, cursor) };
}

/** A pause long enough for a message that should not come to have come. */
export const settle = () => new Promise((r) => setTimeout(r, 300));
