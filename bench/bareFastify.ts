import Fastify from 'fastify';

/**
 * The anchor of bench/http.ts: the project's own Fastify with one route and nothing else, in a process
 * of its own like the real backend (bench/server.ts). Reports its port over IPC, answers `stats` (its CPU),
 * stops on `stop`.
 */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ status: 'ok' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('not listening');
process.send?.({ type: 'ready', port: address.port });
process.on('message', async (message: { type: string }) => {
  if (message.type === 'stats') {
    process.send?.({ type: 'stats', cpu: process.cpuUsage() });
  } else if (message.type === 'stop') {
    await app.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
