import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

// Where the caller reached the API and the front end, for the addresses the API writes into what it answers (the
// calendar feed's URL, its links back to the agenda). Behind a proxy the API declared (TRUST_PROXY), the path it is
// published under comes from X-Forwarded-Prefix (nginx sends `/api`: docs/production.md).
const PREFIX = /^(\/[A-Za-z0-9._~-]+)+$/;

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function publicApiUrl(request: FastifyRequest, config: AppConfig): string {
  const prefix = request.headers['x-forwarded-prefix'];
  const trusted = config.trustProxy !== false && typeof prefix === 'string' && PREFIX.test(prefix);
  return `${origin(request)}${trusted ? prefix : ''}`;
}

// The front end's origin: the first one allowed to call the API, or the API's own when they share it (no CORS).
export function appOrigin(request: FastifyRequest, config: AppConfig): string {
  return config.corsOrigins[0] ?? origin(request);
}
