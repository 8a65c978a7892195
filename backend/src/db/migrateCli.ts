import { loadConfig } from '../config';
import { connect, ensureDatabase } from './connect';
import { migrate } from './migrate';

const config = loadConfig();
await ensureDatabase(config.DATABASE_URL);
const sql = connect(config.DATABASE_URL, { max: 1 });
const applied = await migrate(sql);
console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
await sql.end();
