import {
  AppError,
  catchUpRequestSchema,
  realtimeRooms,
  socketAuthSchema,
  type CatchUpAnswer,
  type PlatformSettings,
} from '@barber/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import { pushAnnouncedNotifications } from '../notifications/live';
import { Server } from 'socket.io';
import type { Sql } from '../db/connect';
import { findAuthUser, sessionRevoked, type AuthUser } from '../accounts/queries';
import { EventTailer, headCursor } from '../eventstore/tailer';
import { heldForTwoFactor, SESSION_COOKIE } from '../plugins/auth';
import { trustProxyOption } from '../config';
import { addressAllowed, clientAddressOf } from '../platform/addressAllowlist';
import { HEARTBEAT_MS } from '../platform/invalidation';
import { parseCursor } from './cursor';
import { LiveHub, type HubOptions, type LiveServer } from './hub';
import { SessionRecheck, sessionRoom } from './sessionRecheck';

declare module 'fastify' {
  interface FastifyInstance {
    io: LiveServer;
    liveHub: LiveHub;
  }
}

export interface RealtimeOptions {
  /** See HubOptions.replayLimit. */
  replayLimit?: number;
  /** The tailer's fallback poll. */
  pollMs?: number;
  /** See HubOptions.readReplay (tests only). */
  readReplay?: HubOptions['readReplay'];
  /** See HubOptions.limits (the benchmark measures without them). */
  limits?: HubOptions['limits'];
  /** How often the sessions of live sockets are looked up, so that a session's timeout ends its sockets. */
  sessionCheckMs?: number;
}

const DEFAULT_REPLAY_LIMIT = 1000;
/** A socket outlives its session's timeout by at most this much. */
const DEFAULT_SESSION_CHECK_MS = 60_000;
/**
 * A notification can arrive while an older write transaction of this database is still
 * running: the event is not safe to read yet and the tailer looks again only at its next poll. A short
 * poll bounds that delay for live screens; it is one indexed query per period per instance.
 */
const DEFAULT_POLL_MS = 250;

/**
 * Socket.IO on the backend's HTTP server, authenticated by the session cookie. Every instance tails
 * the event log itself and pushes to its own sockets, so several instances need no adapter (the load
 * balancer keeps a client's polling requests on one instance: deploy/nginx.conf).
 */
export default fp<RealtimeOptions>(
  async function realtime(app: FastifyInstance, options) {
    const { sql, config } = app.deps;
    const io: LiveServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      allowRequest: (request, callback) => callback(null, sameOrigin(request, config.PUBLIC_URL)),
    });
    app.decorate('io', io);

    const clientAddress = clientAddressOf(trustProxyOption(config.TRUST_PROXY));
    io.use((socket, next) => {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const signed = cookies[SESSION_COOKIE];
      if (!signed) return next(new Error('UNAUTHENTICATED'));
      const holder = {} as { session?: { id?: string; userId?: number; issuedAt?: number } };
      app.decryptSession(signed, holder as never, () => {
        const userId = holder.session?.userId;
        const sessionId = holder.session?.id;
        if (!userId || !sessionId) return next(new Error('UNAUTHENTICATED'));
        findAuthUser(sql, userId).then((user) => {
          if (!user || sessionRevoked(holder.session?.issuedAt, user)) return next(new Error('UNAUTHENTICATED'));
          // The IP whitelist holds for the administrators' live activity too.
          if (
            user.role === 'admin' &&
            !addressAllowed(app.deps.settings.current().ipWhitelist, clientAddress(socket.request))
          )
            return next(new Error('FORBIDDEN'));
          if (heldForTwoFactor(app.deps.settings.current().twoFactorEnabled, user))
            return next(new Error('TWO_FACTOR_SETUP_REQUIRED'));
          const auth = socketAuthSchema.safeParse(socket.handshake.auth ?? {});
          const cursor = auth.success ? auth.data.cursor : 'invalid';
          socket.data.user = { id: user.id, role: user.role, barberId: user.barberId };
          socket.data.from = cursor === null || cursor === undefined ? null : (parseCursor(cursor) ?? 'reset');
          void socket.join(sessionRoom(sessionId));
          next();
        }, next);
      });
    });

    // A session ended anywhere (logout, a password changed or reset) disconnects its sockets on every
    // instance: each one hears it on the invalidation bus and disconnects its own. An empty list means
    // the bus may have missed announcements (it resubscribed, or went deaf): not that every session
    // ended, so each session this instance has sockets of is looked up in Redis. While the bus stays
    // deaf, that is done at every beat, since nothing ended meanwhile can reach this instance; and
    // every sessionCheckMs anyway, for the sessions that expired (nobody announces a timeout).
    const { bus } = app.deps;
    // "Require 2FA for admin accounts" switched on, or an IP whitelist set: administrators it now bars lose the
    // admin room at once, as a new handshake of theirs would be refused.
    const stopWatchingSettings = app.deps.settings.onChange((settings) => {
      void dropBarredAdmins(io, sql, settings, clientAddress).catch((error: unknown) =>
        app.log.error({ err: error }, 'checking the administrators of live sockets failed'),
      );
    });
    const sessionCheckMs = options.sessionCheckMs ?? DEFAULT_SESSION_CHECK_MS;
    const recheck = new SessionRecheck(io, app.sessionsAlive, {
      retryMs: HEARTBEAT_MS,
      log: (error) => app.log.error({ err: error }, 'checking the sessions of live sockets failed'),
    });
    bus.on('session', (ids) => {
      if (ids.length === 0) return recheck.run();
      for (const id of ids) io.in(sessionRoom(id)).disconnectSockets(true);
    });
    // A user's rooms come from the handshake: one who now has a barber profile (created in an open tab) or another
    // role is disconnected, and their client connects again with its cursor, joining the new rooms and replayed
    // what it missed.
    bus.on('user', (ids) => {
      void dropChangedUsers(io, sql, ids).catch((error: unknown) =>
        app.log.error({ err: error }, 'checking the rooms of live sockets failed'),
      );
    });
    let lastCheck = Date.now();
    const checks = setInterval(
      () => {
        if (bus.trusted() && Date.now() - lastCheck < sessionCheckMs) return;
        lastCheck = Date.now();
        recheck.run();
      },
      Math.min(HEARTBEAT_MS, sessionCheckMs),
    );
    checks.unref();

    const hub = new LiveHub(io, sql, await headCursor(sql), {
      replayLimit: options.replayLimit ?? DEFAULT_REPLAY_LIMIT,
      log: (error, message) => app.log.error({ err: error }, message),
      readReplay: options.readReplay,
      limits: options.limits,
    });
    app.decorate('liveHub', hub);

    io.on('connection', (socket) => {
      hub.connect(socket, (answer) => socket.emit('caught-up', answer));
      socket.on('catch-up', (payload, ack) => {
        const answer = (a: CatchUpAnswer) => {
          if (typeof ack === 'function') ack(a);
          else if (!('code' in a)) socket.emit('caught-up', a);
        };
        const parsed = catchUpRequestSchema.safeParse(payload);
        const from = parsed.success ? parseCursor(parsed.data.cursor) : null;
        if (!from)
          return answer({ code: 'VALIDATION_FAILED', message: 'A cursor is written <transactionId>:<position>' });
        try {
          hub.catchUp(socket, from, answer);
        } catch (error) {
          if (error instanceof AppError) answer({ code: error.code, message: error.message });
          else throw error;
        }
      });
    });

    const stopPushingNotifications = await pushAnnouncedNotifications(sql, io, (error) =>
      app.log.error({ err: error }, 'pushing a notification failed'),
    );

    const tailer = new EventTailer(sql, (events) => hub.publish(events), {
      from: hub.position,
      pollMs: options.pollMs ?? DEFAULT_POLL_MS,
      log: app.log,
    });
    // Its lag shows in /readyz and on the admin dashboard (plugins/health.ts declares it).
    app.decorate('liveTail', tailer);
    app.addHook('onReady', () => tailer.start());
    app.addHook('preClose', async () => {
      clearInterval(checks);
      stopWatchingSettings();
      recheck.stop();
      await tailer.stop();
      // Stopping goes on when the connection is already gone (as the tailer's does).
      await stopPushingNotifications().catch((error: unknown) =>
        app.log.error({ err: error }, 'could not stop listening for notifications'),
      );
      io.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
  },
  { name: 'realtime', dependencies: ['deps', 'auth'] },
);

/** Disconnects this instance's sockets of those users whose rooms would now differ (a barber profile, a role). */
async function dropChangedUsers(io: LiveServer, sql: Sql, userIds: readonly string[]): Promise<void> {
  const { adapter, sockets: all } = io.of('/');
  for (const id of userIds.map(Number).filter(Number.isSafeInteger)) {
    const ids = adapter.rooms.get(realtimeRooms.user(id)) ?? new Set<string>();
    const sockets = [...ids].flatMap((sid) => all.get(sid) ?? []);
    if (sockets.length === 0) continue;
    const user = await findAuthUser(sql, id);
    for (const socket of sockets) {
      const joined = socket.data.user!;
      if (!user || user.barberId !== joined.barberId || user.role !== joined.role) socket.disconnect(true);
    }
  }
}

/** Disconnects the sockets of administrators the settings now bar (the handshake's rules: IP whitelist, 2FA set-up). */
async function dropBarredAdmins(
  io: LiveServer,
  sql: Sql,
  settings: PlatformSettings,
  clientAddress: (request: IncomingMessage) => string,
): Promise<void> {
  const admins = [...io.of('/').sockets.values()].filter((socket) => socket.data.user?.role === 'admin');
  if (admins.length === 0) return;
  const users = new Map<number, AuthUser | null>();
  for (const socket of admins) {
    const id = socket.data.user!.id;
    if (!users.has(id)) users.set(id, await findAuthUser(sql, id));
    const user = users.get(id);
    const barred =
      !user ||
      heldForTwoFactor(settings.twoFactorEnabled, user) ||
      !addressAllowed(settings.ipWhitelist, clientAddress(socket.request));
    if (barred) socket.disconnect(true);
  }
}

/** Same rule as the CSRF guard: a browser's Origin, when sent, must be this site (or PUBLIC_URL). */
function sameOrigin(request: IncomingMessage, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const host = new URL(origin).host;
    return host === request.headers.host || (!!publicUrl && host === new URL(publicUrl).host);
  } catch {
    return false;
  }
}
