import type * as Argon2 from '@node-rs/argon2';

/**
 * The argon2 binding is loaded on the first sign-up or sign-in, not at start: every server
 * process would otherwise carry it, and most requests never touch a password.
 */
let argon2: Promise<typeof Argon2> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

// The package's Algorithm enum is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;

// OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against a fixed hash when the account does not exist keeps the response
 * time the same, so timing does not reveal which usernames exist.
 */
let dummyHash: Promise<string> | undefined;
export async function burnVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-used-for-timing');
  await verifyPassword(await dummyHash, password);
}
