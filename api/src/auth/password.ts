import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from '../config';

const ARGON2ID = 2;

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, { ...cost, algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
