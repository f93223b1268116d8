import bcrypt from 'bcryptjs';

// Cost 10 keeps sign-in quick with pure-JS bcrypt; Mealie's cost-12 hashes still verify.
const COST = 10;
let dummyHash: string | undefined;

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, COST);
}

/** Compares against a throwaway hash so that an unknown user costs as much time as a known one. */
export async function dummyVerify(plain: string): Promise<void> {
  dummyHash ??= await bcrypt.hash('not-a-real-password', COST);
  await bcrypt.compare(plain, dummyHash);
}

/** Verifies bcrypt hashes ($2a$/$2b$/$2y$), including those written by Mealie. */
export async function verifyPassword(plain: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) {
    await dummyVerify(plain);
    return false;
  }
  return bcrypt.compare(plain, hash);
}
