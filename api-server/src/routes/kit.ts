/** What a feature's route file gets: register a handler under `/api`. */
import type { Handler } from '../kit';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RouteKit {
  route(method: Method, path: string, handler: Handler): void;
}
