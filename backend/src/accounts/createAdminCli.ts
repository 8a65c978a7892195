import { parseArgs } from 'node:util';
import { AppError } from '@barber/shared';
import { loadConfig } from '../config';
import { connect } from '../db/connect';
import { migrate } from '../db/migrate';
import { SettingsStore } from '../settings/store';
import { createFirstAdmin } from './createAdmin';

/*
 * npm run create-admin -- --username <name> --email <address> --name "<full name>"
 * The password comes from ADMIN_PASSWORD, or from the first line of standard input (never an argument:
 * arguments end up in shell histories and process lists).
 */
const { values } = parseArgs({
  options: { username: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } },
});
const password = process.env.ADMIN_PASSWORD ?? (await firstLineOfStdin());
const config = loadConfig();
const sql = connect(config.DATABASE_URL, { max: 1 });
try {
  await migrate(sql);
  const { passwordMinLength } = await new SettingsStore(sql).get();
  const admin = await createFirstAdmin(
    sql,
    { username: values.username ?? '', email: values.email ?? '', fullName: values.name ?? '', password },
    passwordMinLength,
  );
  console.log(`Created the administrator ${admin.username} (user ${admin.id}).`);
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await sql.end();
}

async function firstLineOfStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0]!.replace(/\r$/, '');
}
