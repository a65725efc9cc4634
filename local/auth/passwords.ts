// Password hashing and strength rules. bcrypt only looks at the first 72 bytes, so like GoTrue
// we refuse longer passwords outright instead of silently truncating them (and never spend
// time hashing a megabyte of input).
import bcrypt from 'bcryptjs';
import { badRequest, weakPassword } from './errors.ts';

export const MAX_PASSWORD_BYTES = 72;
/** Cost 10 matches GoTrue's default and keeps sign-in around 50-100 ms. */
const BCRYPT_COST = 10;

export function checkPasswordStrength(password: string, minLength: number): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw badRequest(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    );
  }
  if (password.length < minLength) {
    throw weakPassword(`Password should be at least ${minLength} characters.`, ['length']);
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}
