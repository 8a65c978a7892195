import { rebuildReadModels } from './rebuild';
import { loadConfig } from '../config';
import { connect } from '../db/connect';

// npm run rebuild: replays the event log into the read models (docs/design.md §2) while commands keep running.
const config = loadConfig();
// One connection reads the log, two load the rebuilt rows, one for the rest. No statement timeout: each
// copy is one COPY that runs as long as the replay (minutes for millions of events).
const sql = connect(config.DATABASE_URL, { max: 4, statementTimeoutMs: 0 });
try {
  const started = Date.now();
  const { streams, events, caughtUp, lockedMs } = await rebuildReadModels(sql);
  const ms = Date.now() - started;
  console.log(
    `Rebuilt bookings and barber_schedule from ${events} events of ${streams} booking streams in ${ms} ms ` +
      `(${Math.round((events / Math.max(ms, 1)) * 1000)} events/s; ${caughtUp} streams changed meanwhile were caught up; ` +
      `commands waited ${lockedMs.toFixed(0)} ms for the swap)`,
  );
} finally {
  await sql.end();
}
