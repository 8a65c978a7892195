import { buildApp } from './app';
import { loadConfig } from './config';
import { ensureDatabase, connect } from './db/connect';
import { createDeps } from './resources';
import { migrate } from './db/migrate';
import { isMainModule, shutDownOnSignal } from './lib/shutdown';

/** Runs the backend alone: `node --import tsx backend/src/server.ts` (npm start runs it with the worker). */
export async function startServer(overrides: Parameters<typeof loadConfig>[1] = {}) {
  const config = loadConfig(process.env, overrides);
  await ensureDatabase(config.DATABASE_URL);
  const migrator = connect(config.DATABASE_URL, { max: 1 });
  await migrate(migrator);
  await migrator.end();
  const deps = createDeps(config);
  const app = await buildApp(deps, {
    logger: { level: config.LOG_LEVEL },
    serveFrontend: true,
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await deps.close();
  };
  return { app, config, shutdown };
}

if (isMainModule(import.meta.url)) {
  const { app, shutdown } = await startServer();
  shutDownOnSignal(app.log, shutdown);
}
