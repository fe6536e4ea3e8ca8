/**
 * What of a request's URL the log keeps (issue 53, finding 7): the path, with any segment that
 * holds an e-mail (`@`, also percent-encoded) as `[email]`, and the query's names with their
 * values as `[redacted]`. A query may carry a live stream ticket, a path a member's login
 * e-mail (`GET /api/posts/user/{username}`); neither belongs in a log that operators, log
 * shippers and backups keep. Tokens and passwords never travel in URLs (headers, bodies), and
 * the logger's redaction (app.ts) covers those.
 */

const EMAIL_MARK = /@|%40/i;

function segment(text: string): string {
  return EMAIL_MARK.test(text) ? '[email]' : text;
}

/** The URL as a log line may show it. */
export function loggedUrl(url: string | undefined): string {
  if (!url) return '';
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).split('/').map(segment).join('/');
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return `${segment(name)}=[redacted]`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's request serializer (its fields), with the URL as `loggedUrl` gives it. */
export function requestForLog(request: {
  method: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
