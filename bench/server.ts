import type { Server } from 'socket.io';
import { buildApp } from '../backend/src/app';
import { loadConfig } from '../backend/src/config';
import { createDeps } from '../backend/src/resources';

/**
 * The backend under benchmark, in a process of its own (the clients run in bench/run.ts): the real
 * app with its Socket.IO server, plus an `echo` event acknowledged at once, the bare round trip
 * the push latency is compared with. Reports its port over IPC, answers `stats`, stops on `stop`.
 */
const config = loadConfig(process.env, { NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const deps = createDeps(config);
// BENCH_REALTIME=off: no Socket.IO and no tailer, to see what the live push costs a booking (bench/analysis.md).
const app = await buildApp(deps, { realtime: process.env.BENCH_REALTIME !== 'off' });
(app.io as unknown as Server | undefined)?.on('connection', (socket) => {
  socket.on('echo', (payload: unknown, ack: (p: unknown) => void) => ack(payload));
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('not listening');

const send = (message: unknown) => process.send?.(message);
send({ type: 'ready', port: address.port });
process.on('message', async (message: { type: string }) => {
  if (message.type === 'stats') {
    send({
      type: 'stats',
      cpu: process.cpuUsage(),
      rss: process.memoryUsage().rss,
      sockets: app.io?.engine.clientsCount ?? 0,
    });
  } else if (message.type === 'clock') {
    // Test-only: the booking rules' injected clock (docs/design.md §3), moved to an appointment's day after booking it.
    const at = new Date((message as { type: string; at: string }).at);
    deps.clock = () => at;
    send({ type: 'clock-set' });
  } else if (message.type === 'stop') {
    await app.close();
    await deps.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
