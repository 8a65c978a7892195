import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (an administrator's TOTP secret) are stored sealed: AES-256-GCM under
 * a key derived from SESSION_SECRET (HKDF, its own label), so a copy of the database alone (a backup, a
 * leaked dump) does not give anyone a second factor. Stored as `v1:` + base64(iv | tag | ciphertext).
 * A value without the prefix is one stored before sealing; it is read as it is and sealed at its next write.
 */
const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function secretKey(sessionSecret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, '', label, 32));
}

export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The plain secret; undefined when it was sealed under another key (SESSION_SECRET changed) or altered. */
export function open(stored: string, key: Buffer): string | undefined {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
