import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { ADMIN_EXISTS, createFirstAdmin } from './createAdmin';

/** The first administrator of a new installation: `npm run create-admin` (backend/src/accounts/createAdminCli.ts). */
const t = useTestApp();

const admins = () => t.db.sql<{ username: string }[]>`SELECT username FROM users WHERE role = 'admin' ORDER BY id`;

/** Runs the command with the password on its standard input, as an operator would type it. */
function runCli(args: string[], password: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'backend/src/accounts/createAdminCli.ts', ...args],
      { cwd: new URL('../../..', import.meta.url).pathname, env: { ...process.env, DATABASE_URL: t.db.url } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(`${password}\n`);
  });
}

describe('npm run create-admin', () => {
  it('refuses bad input with the form messages and creates nothing', async () => {
    const bad = await runCli(['--username', 'ad', '--email', 'not-an-email', '--name', 'Ada Root'], 'long-enough-1');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Username must be at least 3 characters');
    expect(bad.stderr).toContain('Please enter a valid email address');
    await expect(
      createFirstAdmin(
        t.db.sql,
        { username: 'ada', email: 'ada@example.com', fullName: 'Ada Root', password: 'abc' },
        8,
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await admins()).toEqual([]);
  });

  it('creates the first administrator, who can sign in; a second one is refused', async () => {
    const made = await runCli(
      ['--username', 'ada', '--email', 'ada@example.com', '--name', 'Ada Root'],
      'correct horse battery',
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Created the administrator ada \(user \d+\)/);
    const ada = new Client(t.app);
    expect((await ada.post('/api/login', { username: 'ada', password: 'correct horse battery' })).status).toBe(200);
    expect((await ada.get('/api/current-user')).body).toMatchObject({ username: 'ada', role: 'admin' });

    const again = await runCli(['--username', 'eve', '--email', 'eve@example.com', '--name', 'Eve Root'], 'another-pw');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(ADMIN_EXISTS);
    expect(await admins()).toEqual([{ username: 'ada' }]);
  });
});
