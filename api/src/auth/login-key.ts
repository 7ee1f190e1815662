import { constants, privateDecrypt, type KeyObject } from 'node:crypto';

export type LoginKeys = { loginPrivateKey: KeyObject | null; loginPreviousPrivateKey: KeyObject | null };

// With a login key pair configured, the browser sends base64(RSA-OAEP-SHA256(password)), encrypted with the public
// key of config.json; a browser that read it before the key pair changed used the previous one, which decrypts
// too while it is configured. Anything that decrypts with neither (a plain password included) yields null, which
// the caller treats as a failed login.
export function decryptLoginPassword(ciphertext: string, keys: LoginKeys): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertext)) return null;
  for (const key of [keys.loginPrivateKey, keys.loginPreviousPrivateKey]) {
    if (key === null) continue;
    try {
      return privateDecrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertext, 'base64'),
      ).toString('utf8');
    } catch {
      // Not this key's: the next one, if any.
    }
  }
  return null;
}
