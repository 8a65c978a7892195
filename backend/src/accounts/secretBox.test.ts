import { describe, expect, it } from 'vitest';
import { isSealed, open, seal, secretKey } from './secretBox';

const key = secretKey('a-session-secret-of-at-least-32-characters', 'two-factor-secret-v1');

describe('secret box', () => {
  it('seals a secret so that the stored text neither holds nor repeats it, and opens it again', () => {
    const a = seal('JBSWY3DPEHPK3PXP', key);
    const b = seal('JBSWY3DPEHPK3PXP', key);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(open(a, key)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('opens nothing under another key or once altered, and reads a value stored before sealing as it is', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', key);
    expect(
      open(sealed, secretKey('another-session-secret-of-32-characters!!', 'two-factor-secret-v1')),
    ).toBeUndefined();
    expect(open(sealed, secretKey('a-session-secret-of-at-least-32-characters', 'another-label'))).toBeUndefined();
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect(open(`v1:${bytes.toString('base64')}`, key)).toBeUndefined();
    expect(open('v1:short', key)).toBeUndefined();
    expect(open('JBSWY3DPEHPK3PXP', key)).toBe('JBSWY3DPEHPK3PXP');
  });
});
