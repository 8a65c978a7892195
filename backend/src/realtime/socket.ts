import { AppError, catchUpRequestSchema, realtimeRooms, socketAuthSchema, type CatchUpAnswer } from '@barber/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import { pushAnnouncedNotifications } from '../notifications/live';
import { Server } from 'socket.io';
import { findAuthUser, sessionRevoked } from '../accounts/queries';
import { EventTailer, headCursor } from '../eventstore/tailer';
import { SESSION_COOKIE } from '../plugins/auth';
import { trustProxyOption } from '../config';
import { clientAddressOf } from '../platform/addressAllowlist';
import { HEARTBEAT_MS } from '../platform/invalidation';
import { parseCursor } from './cursor';
import { LiveHub, type HubOptions, type LiveServer, type LiveSocket } from './hub';
import { SessionRecheck, sessionRoom } from './sessionRecheck';
import { dropStaleSockets, refusalOf } from './socketRecheck';

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
    const { bus, settings } = app.deps;
    /*
     * Handshakes under way. An announcement (a session ended, a user changed) cannot find their socket, which
     * joins its rooms only once they end: it marks them instead, and a marked one looks again before it joins.
     */
    const handshakes = new Set<Handshake>();
    io.use((socket, next) => {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const signed = cookies[SESSION_COOKIE];
      if (!signed) return next(new Error('UNAUTHENTICATED'));
      const look: Handshake = { sessionEnded: false, sessionUnknown: false, userChanged: false };
      handshakes.add(look);
      const holder = {} as { session?: { id?: string; userId?: number; issuedAt?: number } };
      app.decryptSession(signed, holder as never, () => {
        const userId = holder.session?.userId;
        const sessionId = holder.session?.id;
        if (!userId || !sessionId) {
          handshakes.delete(look);
          return next(new Error('UNAUTHENTICATED'));
        }
        look.sessionId = sessionId;
        look.userId = userId;
        admit(socket, look, holder.session?.issuedAt)
          .finally(() => handshakes.delete(look))
          .then((refused) => next(refused ? new Error(refused) : undefined), next);
      });
    });

    /** The handshake's checks, repeated while an announcement marks them; the rooms joined with the last. */
    async function admit(socket: LiveSocket, look: Handshake, issuedAt: number | undefined) {
      for (;;) {
        look.userChanged = false;
        const user = await findAuthUser(sql, look.userId!);
        if (!user || sessionRevoked(issuedAt, user)) return 'UNAUTHENTICATED';
        const refused = refusalOf(user, settings.current(), () => clientAddress(socket.request));
        if (refused) return refused;
        if (look.sessionUnknown) {
          look.sessionUnknown = false;
          if (!(await app.sessionsAlive([look.sessionId!])).has(look.sessionId!)) return 'UNAUTHENTICATED';
        }
        if (look.sessionEnded) return 'UNAUTHENTICATED';
        if (look.userChanged || look.sessionUnknown) continue;
        const auth = socketAuthSchema.safeParse(socket.handshake.auth ?? {});
        const cursor = auth.success ? auth.data.cursor : 'invalid';
        socket.data.user = { id: user.id, role: user.role, barberId: user.barberId };
        socket.data.from = cursor === null || cursor === undefined ? null : (parseCursor(cursor) ?? 'reset');
        void socket.join(sessionRoom(look.sessionId!));
        return undefined;
      }
    }

    // A session ended anywhere (logout, a password changed or reset) disconnects its sockets on every
    // instance: each one hears it on the invalidation bus and disconnects its own. An empty list means
    // the bus may have missed announcements (it resubscribed, or went deaf): not that every session
    // ended, so each session this instance has sockets of is looked up in Redis. While the bus stays
    // deaf, that is done at every beat, since nothing ended meanwhile can reach this instance; and
    // every sessionCheckMs anyway, for the sessions that expired (nobody announces a timeout).
    const dropStale = (sockets: LiveSocket[]) =>
      void dropStaleSockets(sql, sockets, settings.current(), clientAddress).catch((error: unknown) =>
        app.log.error({ err: error }, 'checking the users of live sockets failed'),
      );
    const allSockets = () => [...io.of('/').sockets.values()];
    // "Require 2FA for admin accounts" switched on, or an IP whitelist set: administrators it now bars lose the
    // admin room at once, as a new handshake of theirs would be refused.
    const stopWatchingSettings = settings.onChange(() => dropStale(allSockets()));
    const sessionCheckMs = options.sessionCheckMs ?? DEFAULT_SESSION_CHECK_MS;
    const recheck = new SessionRecheck(io, app.sessionsAlive, {
      retryMs: HEARTBEAT_MS,
      log: (error) => app.log.error({ err: error }, 'checking the sessions of live sockets failed'),
    });
    bus.on('session', (ids) => {
      for (const look of handshakes)
        if (ids.length === 0 || !look.sessionId) look.sessionUnknown = true;
        else if (ids.includes(look.sessionId)) look.sessionEnded = true;
      if (ids.length === 0) return recheck.run();
      for (const id of ids) io.in(sessionRoom(id)).disconnectSockets(true);
    });
    // A user's rooms come from the handshake: one who now has a barber profile (created in an open tab) or another
    // role is disconnected, and their client connects again with its cursor, joining the new rooms and replayed
    // what it missed; so is an administrator who turned two-factor sign-in off while the platform requires it.
    // An empty list (announcements may have been missed) looks at every user with a socket here.
    bus.on('user', (ids) => {
      for (const look of handshakes)
        if (ids.length === 0 || look.userId === undefined || ids.includes(String(look.userId))) look.userChanged = true;
      if (ids.length === 0) return dropStale(allSockets());
      const { adapter, sockets } = io.of('/');
      const inRooms = new Set(ids.flatMap((id) => [...(adapter.rooms.get(realtimeRooms.user(Number(id))) ?? [])]));
      dropStale([...inRooms].flatMap((socketId) => sockets.get(socketId) ?? []));
    });
    let lastCheck = Date.now();
    const checks = setInterval(
      () => {
        if (bus.trusted() && Date.now() - lastCheck < sessionCheckMs) return;
        lastCheck = Date.now();
        recheck.run();
        dropStale(allSockets());
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

/** A handshake's session and user, and what announcements said of them while it looked them up. */
interface Handshake {
  sessionId?: string;
  userId?: number;
  sessionEnded: boolean;
  /** Announcements may have been missed, or came before the session was known: Redis is asked. */
  sessionUnknown: boolean;
  userChanged: boolean;
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
