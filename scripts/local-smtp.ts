// A local SMTP server (the smtp-server package) that keeps what it is sent: the daily digests of `npm start` and of the
// tests go to it instead of anyone's mailbox (docs/notifications.md). Each message is kept in memory, and as an .eml
// file in `saveDir` when given (open one with any mail client).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type KeptMessage = { from: string; to: string[]; raw: Buffer };

export type LocalSmtp = {
  url: string;
  messages: KeptMessage[];
  // While true, every message is refused as a server that is failing would (451), and kept nowhere.
  refuse: (refusing: boolean) => void;
  close: () => Promise<void>;
};

export async function startLocalSmtp(options: { port?: number; saveDir?: string } = {}): Promise<LocalSmtp> {
  const messages: KeptMessage[] = [];
  let refusing = false;
  if (options.saveDir !== undefined) mkdirSync(options.saveDir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          const error = Object.assign(new Error('Service momentanément indisponible'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        const envelope = session.envelope;
        messages.push({
          from: envelope.mailFrom === false ? '' : envelope.mailFrom.address,
          to: envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        if (options.saveDir !== undefined)
          writeFileSync(path.join(options.saveDir, `${Date.now()}-${messages.length}.eml`), raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (value) => {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
