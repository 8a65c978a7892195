import { rebuildReadModels } from '../bookings/rebuild';
import { loadConfig } from '../config';
import { connect } from '../db/connect';

// npm run rebuild: replays the event log into the read models (DESIGN §2).
const config = loadConfig();
const sql = connect(config.DATABASE_URL, { max: 2 });
try {
  const started = Date.now();
  const { streams, events } = await rebuildReadModels(sql);
  console.log(`Rebuilt bookings and barber_schedule from ${events} events of ${streams} booking streams in ${Date.now() - started} ms`);
} finally {
  await sql.end();
}
