/** api-server's own answers beyond the contract's catalogue (issue 28): same `{ errors: [message] }` shape. */
export const HTTP_MESSAGES = {
  /** 503 with Retry-After: the database can't be reached or didn't answer in time. Nothing was saved. */
  unavailable: 'The service is unavailable for a moment: the database cannot be reached. Nothing was changed; try again shortly.',
  /** 503 with Retry-After: the answer took longer than the request time limit. */
  timeout: 'The server took too long to answer. The change may not have been saved; send it again (with the same Idempotency-Key) shortly.',
  /** 503 with Retry-After: a read (GET, HEAD, OPTIONS) over the request time limit; it changed nothing. */
  readTimeout: 'The server took too long to answer. Try again shortly.',
  /** 415: a body that is not JSON. */
  notJson: 'The request body must be JSON, sent with "Content-Type: application/json".',
  /** 400: text PostgreSQL can't keep (NUL) or that isn't valid Unicode (an unpaired surrogate). */
  badCharacter: (field: string) => `"${field}" contains a character that is not allowed (NUL or an unpaired surrogate).`,
  badPathCharacter: 'The request path contains a character that is not allowed (NUL). Bad Request error',
  /** 400: a query-string name with NUL or an unpaired surrogate (a bad value gets badCharacter(name)). */
  badQueryCharacter: 'The query string contains a character that is not allowed (NUL or an unpaired surrogate). Bad Request error',
  /** 431: headers over Node's limit. */
  headersTooLarge: 'The request headers are too large.',
  badRequest: 'The request could not be read. Bad Request error',
  badIdempotencyKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request (or that request is still running).',
  /** 429 per account (login), beside RATE_LIMIT_MESSAGE per address. */
  accountRateLimit: 'Too many login attempts for this account. Wait a few minutes and try again.',
  writeRateLimit: 'Too many changes in a short time. Wait a minute and try again.',
  readRateLimit: 'Too many requests from this address. Wait a minute and try again.',
  /** 429 with Retry-After: the address's budget for v1 list answers, counted by their size, is spent (http/v1-lists.ts). */
  v1ListBudget: 'Too much data was sent to this address in a short time. Wait a minute and try again, or read pages of /api/v2.',
  /** 429: the address has as many live streams open as it may. */
  liveStreamsPerAddress: 'Too many live connections from this address. Close a tab of the app, or try again shortly.',
  /** 503: this instance holds as many live streams as it may. */
  liveStreamsPerMember: 'Too many live connections are open for your account. Close a tab or a device of the app, or try again shortly.',
  liveStreamsFull: 'The server has too many live connections open. Try again shortly.',
} as const;

/** Methods that change nothing: their failures speak of loading, never of a change not saved. */
export const isRead = (method: string): boolean => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
