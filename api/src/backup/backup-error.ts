// A backup or restore that cannot be done: its message says why and what to do, and the command ends with code 1.
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
