/** SQLSTATE classes and socket errors that mean "the connection to the database was lost", not bad input. */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);

export function isConnectionLost(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_LOST_CODES.has(code) || code.startsWith('08'))) return true;
  const message = String((err as { message?: unknown }).message ?? '');
  return /Connection terminated|Client has encountered a connection error|connection is closed|Client was closed/i.test(message);
}
