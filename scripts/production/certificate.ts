// The TLS certificate of production mode: the one given (TLS_CERT_FILE, TLS_KEY_FILE), or a self-signed one for
// localhost made with openssl at the first start and kept beside the data, so a browser asked once keeps trusting it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export type Certificate = { certificate: string; key: string; selfSigned: boolean };

export function ensureCertificate(dataDir: string, given: { certificate?: string; key?: string }): Certificate {
  if (given.certificate || given.key) {
    if (!given.certificate || !given.key)
      throw new Error('TLS_CERT_FILE et TLS_KEY_FILE vont ensemble : donnez les deux.');
    for (const file of [given.certificate, given.key])
      if (!existsSync(file)) throw new Error(`Fichier TLS introuvable : ${file}`);
    return { certificate: given.certificate, key: given.key, selfSigned: false };
  }
  const dir = path.join(dataDir, 'tls');
  const certificate = path.join(dir, 'localhost.crt');
  const key = path.join(dir, 'localhost.key');
  if (existsSync(certificate) && existsSync(key)) return { certificate, key, selfSigned: true };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '825',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  if (made.error || made.status !== 0)
    throw new Error(`openssl n'a pas pu créer le certificat de localhost : ${made.error?.message ?? made.stderr}`);
  return { certificate, key, selfSigned: true };
}
