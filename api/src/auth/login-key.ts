import { constants, privateDecrypt, type KeyObject } from 'node:crypto';

// With a login key pair configured, the browser sends base64(RSA-OAEP-SHA256(password)). Anything that does
// not decrypt (a plain password included) yields null, which the caller treats as a failed login.
export function decryptLoginPassword(ciphertext: string, key: KeyObject): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)) return null;
  try {
    return privateDecrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ciphertext, 'base64'),
    ).toString('utf8');
  } catch {
    return null;
  }
}
