import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { findAuthUser } from '../accounts/queries';
import { SESSION_COOKIE } from '../plugins/auth';
import { cursorOf } from '../eventstore/store';
import { EventTailer, headCursor } from '../eventstore/tailer';
import type { StoredEvent } from '../eventstore/types';
import { roomsOf } from './audience';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

export interface PushMessage {
  position: string;
  cursor: string;
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  recordedAt: string;
}

export function toPush(event: StoredEvent): PushMessage {
  const c = cursorOf(event);
  return {
    position: event.globalPosition.toString(),
    cursor: `${c.transactionId}:${c.globalPosition}`,
    streamId: event.streamId,
    type: event.type,
    data: event.data,
    recordedAt: new Date(event.recordedAt).toISOString(),
  };
}

/**
 * Socket.IO on the backend's HTTP server, authenticated by the session cookie. Every instance tails
 * the event log itself and pushes to its own sockets, so several instances need no adapter.
 */
export default fp(
  async function realtime(app: FastifyInstance) {
    const io = new Server(app.server, { path: '/socket.io', serveClient: false });
    app.decorate('io', io);

    io.use((socket, next) => {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const signed = cookies[SESSION_COOKIE];
      if (!signed) return next(new Error('UNAUTHENTICATED'));
      const holder = {} as { session?: { userId?: number } };
      app.decryptSession(signed, holder as never, () => {
        const userId = holder.session?.userId;
        if (!userId) return next(new Error('UNAUTHENTICATED'));
        findAuthUser(app.deps.sql, userId).then((user) => {
          if (!user) return next(new Error('UNAUTHENTICATED'));
          socket.data.user = user;
          next();
        }, next);
      });
    });

    io.on('connection', (socket) => {
      const user = socket.data.user as { id: number; role: string; barberId: number | null };
      void socket.join(`user:${user.id}`);
      if (user.barberId) void socket.join(`barber:${user.barberId}`);
      if (user.role === 'admin') void socket.join('admin');
    });

    const tailer = new EventTailer(
      app.deps.sql,
      (events) => {
        for (const event of events) io.to(roomsOf(event)).emit('event', toPush(event));
      },
      { from: await headCursor(app.deps.sql) },
    );
    app.addHook('onReady', () => tailer.start());
    app.addHook('preClose', async () => {
      await tailer.stop();
      io.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
  },
  { name: 'realtime', dependencies: ['deps', 'auth'] },
);
