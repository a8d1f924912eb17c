import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id (algorithm 2 of the package's const enum), m = 19 MiB, t = 2, p = 1.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** Verifying against this keeps the time of a failed login the same whether or not the account exists. */
export const DUMMY_HASH = await hashPassword('not-a-real-password-0');
