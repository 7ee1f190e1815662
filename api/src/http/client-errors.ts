import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Envelope, ErrorCode } from '@bo/contracts/all';

// Answers, in the protocol's envelope, what Node's HTTP server refuses before any route runs: a request that did not
// arrive whole in time (408 commandTimeout, the catalogue's code for a call that took too long), headers too large
// (431) or anything else malformed (400). The connection closes after it: what follows on it cannot be trusted to
// start a request.
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'commandTimeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'dataInvalid']
        : [400, 'dataInvalid'];
  if (socket.writable) {
    const body = JSON.stringify({ data: null, errors: [{ message: code }] } satisfies Envelope<null>);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
