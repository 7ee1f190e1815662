// Failures that say the database cannot answer now (unreachable, too slow, a lock held too long, restarting),
// not that the request is wrong: the API answers them 503 queryException and the client may try again.
const unavailableCodes = new Set([
  '57014', // statement_timeout (query_canceled)
  '55P03', // lock_timeout (lock_not_available)
  '25P03', // idle_in_transaction_session_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
]);

const unavailableMessages = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /connection timeout/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
  return unavailableMessages.some((pattern) => pattern.test(error.message));
}
