/** A hot write's write budget (src/hot/post-store.ts counts it in its first statement): its 429 and headers. */
import { HttpError } from '@social/mock-api/errors';
import { HTTP_MESSAGES } from '../http/messages';

/** The member's write budget spent (429): with the headers the rate-limit plugin gives its own 429s. */
export class BudgetSpent extends HttpError {
  constructor(readonly headers: Record<string, string>) {
    super(429, HTTP_MESSAGES.writeRateLimit);
  }
}

/** The rate-limit plugin's headers for a budget of `max` with `hits` spent and `ttl` ms left. */
export const budgetHeaders = (max: number, hits: number, ttl: number): Record<string, string> => ({
  'x-ratelimit-limit': String(max),
  'x-ratelimit-remaining': String(Math.max(0, max - hits)),
  'x-ratelimit-reset': String(Math.ceil(ttl / 1000)),
});
