/** What a feature's route file gets: register a read or a write under the `/api` namespace. */
import type { Handler } from '../backend';

export type Method = 'get' | 'post' | 'delete' | 'put' | 'patch';

export interface RouteKit {
  read(method: Method, path: string, handler: Handler): void;
  write(method: Method, path: string, handler: Handler): void;
}

export const ok = (body: unknown) => ({ status: 200, body });
export const created = (body: unknown) => ({ status: 201, body });
