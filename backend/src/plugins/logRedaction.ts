import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * A request's URL as the log may keep it: without the secrets a URL can carry, the password reset link's token (a
 * sign-in for an hour) and a calendar feed's token (its customers' names, phones and addresses until renewed). Logs
 * are read by more people, and kept longer, than the secrets should be.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]')
    .replace(/^(\/api\/calendar\/)[^/?#]+?(\.ics)/i, '$1[redacted]$2');
}

/** Fastify's own request serializer, with the URL redacted. */
function request(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The app's logger options with the request serializer that redacts URLs (no logger stays none). */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: request } };
}
