import { loadConfig } from '../config';
import { connect, ensureDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import { seedDemo } from './seed';

const config = loadConfig();
await ensureDatabase(config.DATABASE_URL);
const sql = connect(config.DATABASE_URL, { max: 1 });
await migrate(sql);
const result = await seedDemo(sql, config);
console.log(result.seeded ? 'Seeded the demo data set.' : `Not seeded: ${result.reason}.`);
await sql.end();
