/**
 * Password hashing: new hashes are argon2id at OWASP's minimum unless the environment names the
 * test suites' weak cost, and a hash verifies whatever cost it was made at (the parameters are
 * in its PHC string), so raising or lowering the cost never locks anyone out.
 */
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { passwordHashingFromEnv } from '../../api/config.ts';
import { ARGON2_OPTIONS, argon2Options, verifyPassword } from '../../db/passwords.ts';

describe('password hashing', () => {
  it("is OWASP's argon2id minimum unless the environment names the test suites' weak cost", async () => {
    expect(passwordHashingFromEnv({})).toBe('owasp');
    expect(passwordHashingFromEnv({ PASSWORD_HASHING: 'owasp' })).toBe('owasp');
    expect(passwordHashingFromEnv({ PASSWORD_HASHING: 'anything else' })).toBe('owasp');
    expect(passwordHashingFromEnv({ PASSWORD_HASHING: 'weak-for-tests' })).toBe('weak-for-tests');
    expect(argon2Options('owasp')).toBe(ARGON2_OPTIONS);
    const made = await hash('Trader#2026', argon2Options('owasp'));
    expect(made).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(made, 'Trader#2026')).toBe(true);
    expect(await verifyPassword(made, 'trader#2026')).toBe(false);
  });

  it('verifies a hash made at either cost, and refuses a stored value that is no hash', async () => {
    const weak = await hash('Trader#2026', argon2Options('weak-for-tests'));
    expect(weak).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(weak, 'Trader#2026')).toBe(true);
    expect(await verifyPassword(weak, 'Trader#2027')).toBe(false);
    expect(await verifyPassword('not a hash', 'Trader#2026')).toBe(false);
  });
});
