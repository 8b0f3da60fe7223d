/**
 * Password hashing with argon2id at OWASP's recommended minimum (19 MiB, t=2, p=1).
 * The parameters are kept inside the PHC string, so they can be raised later, and a hash
 * made with other parameters still verifies.
 *
 * The test suites set PASSWORD_HASHING=weak-for-tests (api/config.ts): the same argon2id code
 * path at 1 MiB and t=1, as they log in thousands of times; production refuses that setting.
 */
import { hash, verify } from '@node-rs/argon2';
import { passwordHashingFromEnv, type PasswordHashing } from '../api/config.ts';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum in the typings)
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const WEAK_FOR_TESTS = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** The argon2id parameters of new hashes under `hashing`. */
export const argon2Options = (hashing: PasswordHashing) => (hashing === 'owasp' ? ARGON2_OPTIONS : WEAK_FOR_TESTS);

const options = argon2Options(passwordHashingFromEnv());

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
