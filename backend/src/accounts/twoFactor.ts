import { createHash, randomInt } from 'node:crypto';
import { AppError, type TwoFactorSetup, type TwoFactorStatus } from '@barber/shared';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Deps } from '../plugins/deps';
import { endOtherSessions, REVOKE_SESSIONS_SQL, REVOKED_AT_SQL, type Revoker } from '../platform/sessions';
import { isSealed, open, seal, secretKey } from './secretBox';

/**
 * Two-factor sign-in for administrators (issue 10): TOTP per RFC 6238 (otplib: SHA-1, 6 digits, 30 s, a
 * 160-bit secret) and single-use recovery codes. A code is accepted for the current time step or one
 * step either side (clock drift), and only for a step later than the last one accepted for that user
 * (no replay within its window, nor an older code after a newer one). Wrong codes are counted per user
 * before they are checked, like sign-ins (see checkCode).
 */

/** 30 s either side of now: the previous, current and next code. */
const EPOCH_TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
/** Lower-case base32: 10 characters are 50 random bits. Shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

const INVALID_CODE = 'That code is not valid or was already used. Enter the current code from your authenticator app.';
const SETUP_STARTED_AGAIN =
  'Two-factor set-up was started again (in another window?), so that code is for a secret no longer being set up. Scan the newest QR code and enter its current code.';
const SET_UP_AGAIN_MEANWHILE =
  'Two-factor sign-in was turned off and set up again meanwhile (in another window?): that code was for the one turned off. Reload the page.';

/** The key TOTP secrets are sealed with (secretBox.ts): a new SESSION_SECRET leaves only the recovery codes. */
const keyOf = (deps: Pick<Deps, 'config'>) => secretKey(deps.config.SESSION_SECRET, 'two-factor-secret-v1');

const nowOf = (deps: Pick<Deps, 'clock'>) => deps.clock?.() ?? new Date();
const epochOf = (deps: Pick<Deps, 'clock'>) => Math.floor(nowOf(deps).getTime() / 1000);

function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeCode(code)).digest('hex');
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Whether sign-in asks this user for a second factor (enrolment confirmed). */
export async function twoFactorEnabledFor(deps: Pick<Deps, 'sql'>, userId: number): Promise<boolean> {
  const [row] = await deps.sql`SELECT 1 FROM user_two_factor WHERE user_id = ${userId} AND enabled_at IS NOT NULL`;
  return row !== undefined;
}

export async function twoFactorStatus(deps: Pick<Deps, 'sql' | 'settings'>, userId: number): Promise<TwoFactorStatus> {
  const [row] = await deps.sql<{ enabled: boolean; left: number }[]>`
    SELECT EXISTS (SELECT 1 FROM user_two_factor WHERE user_id = ${userId} AND enabled_at IS NOT NULL) AS enabled,
           (SELECT count(*)::int FROM user_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL) AS left`;
  return {
    enabled: row!.enabled,
    required: (await deps.settings.get()).twoFactorEnabled,
    recoveryCodesLeft: row!.enabled ? row!.left : 0,
  };
}

/**
 * Starts (or starts again) an enrolment: a new secret, kept server-side and not yet asked at sign-in.
 * Refused while two-factor sign-in is on (turn it off first, with a code).
 */
export async function startEnrolment(
  deps: Pick<Deps, 'sql' | 'settings' | 'config'>,
  user: { id: number; username: string },
): Promise<TwoFactorSetup> {
  const secret = generateSecret();
  const rows = await deps.sql`
    INSERT INTO user_two_factor (user_id, secret) VALUES (${user.id}, ${seal(secret, keyOf(deps))})
    ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, last_time_step = NULL, created_at = now()
      WHERE user_two_factor.enabled_at IS NULL
    RETURNING user_id`;
  if (rows.length === 0)
    throw new AppError('CONFLICT', 'Two-factor sign-in is already on. Turn it off first to set it up again.');
  const issuer = (await deps.settings.get()).platformName;
  const otpauthUrl = generateURI({ issuer, label: user.username, secret });
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

/**
 * Confirms an enrolment with a code of the new secret: only then is two-factor sign-in on. Answers the
 * recovery codes (shown once; only their hashes are kept) and ends the user's other sessions, which were
 * signed in with the password alone.
 */
export async function confirmEnrolment(deps: Deps, userId: number, code: string, by: Revoker): Promise<string[]> {
  const [row] = await deps.sql<
    { enabled: boolean }[]
  >`SELECT enabled_at IS NOT NULL AS enabled FROM user_two_factor WHERE user_id = ${userId}`;
  if (!row) throw new AppError('CONFLICT', 'Start the set-up first: no two-factor secret is waiting for a code.');
  if (row.enabled) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
  const checked = await checkCode(deps, userId, code, { recovery: false, pending: true });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const revokedAt = await deps.sql.begin(async (tx) => {
    // Only the secret the code was checked against: a set-up started again meanwhile (another tab) has put
    // another one in its place, whose QR code this user may never have scanned.
    const enabled = await tx`
      UPDATE user_two_factor SET enabled_at = now()
       WHERE user_id = ${userId} AND enabled_at IS NULL AND secret = ${checked.secret}
      RETURNING user_id`;
    if (enabled.length === 0) {
      const [now] = await tx<
        { enabled: boolean }[]
      >`SELECT enabled_at IS NOT NULL AS enabled FROM user_two_factor WHERE user_id = ${userId}`;
      if (now?.enabled) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
      throw new AppError('CONFLICT', SETUP_STARTED_AGAIN);
    }
    await tx`DELETE FROM user_recovery_codes WHERE user_id = ${userId}`;
    await tx`INSERT INTO user_recovery_codes ${tx(codes.map((c) => ({ user_id: userId, code_hash: hashRecoveryCode(c) })))}`;
    const [row] = await tx<{ revokedAt: number }[]>`
      UPDATE users SET ${tx.unsafe(REVOKE_SESSIONS_SQL)} WHERE id = ${userId} RETURNING ${tx.unsafe(REVOKED_AT_SQL)}`;
    return row!.revokedAt;
  });
  await endOtherSessions(deps, userId, revokedAt, by);
  return codes;
}

/** Turns two-factor sign-in off, with a current code or a recovery code. */
export async function disableTwoFactor(deps: Deps, userId: number, code: string): Promise<void> {
  // The enrolment that is on, by when it was confirmed: as text, which keeps every microsecond (a Date keeps ms).
  const [row] = await deps.sql<{ enabledAt: string }[]>`
    SELECT enabled_at::text AS "enabledAt" FROM user_two_factor WHERE user_id = ${userId} AND enabled_at IS NOT NULL`;
  if (!row) throw new AppError('CONFLICT', 'Two-factor sign-in is not on.');
  await checkCode(deps, userId, code, { recovery: true });
  await deps.sql.begin(async (tx) => {
    // Only that enrolment, the one the code was checked against. Turned off meanwhile by another request, it
    // is off as asked; then set up and confirmed again (another tab), the new one stays on.
    const removed = await tx`
      DELETE FROM user_two_factor WHERE user_id = ${userId} AND enabled_at::text = ${row.enabledAt}
      RETURNING user_id`;
    if (removed.length === 0) {
      const [on] = await tx`SELECT 1 FROM user_two_factor WHERE user_id = ${userId} AND enabled_at IS NOT NULL`;
      if (on) throw new AppError('CONFLICT', SET_UP_AGAIN_MEANWHILE);
      return;
    }
    await tx`DELETE FROM user_recovery_codes WHERE user_id = ${userId}`;
  });
  await deps.bus.invalidate('user', [userId]);
}

/** The second step of a sign-in: a current code of the user's authenticator or an unused recovery code. */
export async function verifySignInCode(deps: Deps, userId: number, code: string): Promise<void> {
  await checkCode(deps, userId, code, { recovery: true });
}

/**
 * Checks a code of the user. Every attempt is counted first (Redis INCR, shared by every instance, so
 * parallel guesses cannot outrun it): maxLoginAttempts per loginCooldownMinutes per user, whatever the
 * address, and whether or not the platform's request limits are on (a 6-digit code must not be
 * guessable). Knowing the password is needed to reach this step, so only someone who has it can lock the
 * owner out of it. A valid code takes the failures back.
 * A TOTP code is taken by one atomic UPDATE that moves the user's last accepted time step forward: of two
 * requests with the same code, one wins. A recovery code is marked used the same way.
 * Answers the secret (as stored) a TOTP code was checked against, null for a recovery code: a write the code
 * allows must be conditional on it, since another request may replace the secret once the code is taken.
 */
async function checkCode(
  deps: Deps,
  userId: number,
  code: string,
  options: { recovery: boolean; pending?: boolean },
): Promise<{ secret: string | null }> {
  const settings = await deps.settings.get();
  const key = `${deps.config.REDIS_PREFIX}:2fa:fail:${userId}`;
  const waitMs = Number(
    await deps.redis.eval(COUNT_ATTEMPT, 1, key, settings.maxLoginAttempts, settings.loginCooldownMinutes * 60_000),
  );
  if (waitMs > 0) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Please try again in ${Math.max(1, Math.ceil(waitMs / 60_000))} minutes.`,
    );
  }
  const normalized = normalizeCode(code);
  let ok = false;
  let secret: string | null = null;
  if (/^\d{6}$/.test(normalized)) {
    secret = await acceptTotp(deps, userId, normalized, options.pending === true);
    ok = secret !== null;
  } else if (options.recovery) {
    const used = await deps.sql`
      UPDATE user_recovery_codes SET used_at = ${nowOf(deps)}
       WHERE user_id = ${userId} AND code_hash = ${hashRecoveryCode(normalized)} AND used_at IS NULL
      RETURNING user_id`;
    ok = used.length > 0;
  }
  if (!ok) throw new AppError('VALIDATION_FAILED', INVALID_CODE, { issues: [{ path: 'code', message: INVALID_CODE }] });
  // The code is spent: failing here would refuse a sign-in it has paid for. A count left behind expires with its window.
  await deps.redis.del(key).catch(() => undefined);
  return { secret };
}

/** Takes a TOTP code: answers the secret as stored when it was accepted, else null. */
async function acceptTotp(deps: Deps, userId: number, token: string, pending: boolean): Promise<string | null> {
  const [row] = await deps.sql<{ secret: string; enabled: boolean; lastTimeStep: string | null }[]>`
    SELECT secret, enabled_at IS NOT NULL AS enabled, last_time_step AS "lastTimeStep" FROM user_two_factor WHERE user_id = ${userId}`;
  if (!row || row.enabled === pending) return null;
  const secret = open(row.secret, keyOf(deps));
  if (secret === undefined) return null; // sealed under another SESSION_SECRET: a recovery code still works
  const lastTimeStep = row.lastTimeStep === null ? undefined : Number(row.lastTimeStep);
  const result = await verify({
    secret,
    token,
    epoch: epochOf(deps),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    afterTimeStep: lastTimeStep,
  });
  if (!result.valid || !('timeStep' in result)) return null;
  // A secret stored before sealing is sealed now, with the step that proved it.
  const stored = isSealed(row.secret) ? row.secret : seal(secret, keyOf(deps));
  const taken = await deps.sql`
    UPDATE user_two_factor SET last_time_step = ${result.timeStep}, secret = ${stored}
     WHERE user_id = ${userId} AND secret = ${row.secret} AND (last_time_step IS NULL OR last_time_step < ${result.timeStep})
    RETURNING user_id`;
  return taken.length > 0 ? stored : null;
}

/** INCR first, then compare: answers 0 when the attempt may be checked, else the ms to wait (and takes it back). */
const COUNT_ATTEMPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if n > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  return math.max(1, redis.call('PTTL', KEYS[1]))
end
return 0`;
