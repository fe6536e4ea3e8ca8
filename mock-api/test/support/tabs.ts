/**
 * Browser tabs for IndexedDB tests (fake-indexeddb): each tab has its own Backend over one
 * stored database, called as MirageJS calls it (no router or pretender: the tests name a route's
 * pattern and params, and hundreds of calls stay quick).
 */
import type { Request } from 'miragejs';
import { TEST_CREDENTIALS, type Post, type User } from '../../src/contract';
import { Backend, type Handler } from '../../src/server/backend';
import { deleteStoredDatabase } from '../../src/server/idb';
import { authRoutes } from '../../src/server/routes/auth';
import type { Method } from '../../src/server/routes/kit';
import { v1Routes } from '../../src/server/routes/v1';
import { v2Routes } from '../../src/server/v2';

/** The app's routes (v1 and v2), by 'method pattern' (e.g. 'post /posts/like/:postId', 'post /v2/me/delete'). */
const routes = new Map<string, { kind: 'read' | 'write'; handler: Handler }>();
const kit = (kind: 'read' | 'write') => (method: Method, path: string, handler: Handler) =>
  routes.set(`${method} ${path}`, { kind, handler });
for (const add of [authRoutes, v1Routes, v2Routes]) add({ read: kit('read'), write: kit('write') });

export class Tab {
  readonly backend: Backend;

  constructor(storageName: string) {
    this.backend = new Backend({ persist: true, extraPosts: 0, reset: false, storageName });
  }

  /** One call; `text` is the answer's body as sent. */
  async call<T>(
    route: string,
    params: Record<string, string> = {},
    body: unknown = {},
    token?: string,
  ): Promise<{ status: number; body: T; text: string }> {
    const entry = routes.get(route);
    if (!entry) throw new Error(`no route ${route}`);
    const request = {
      params,
      requestHeaders: token ? { authorization: token } : {},
      requestBody: JSON.stringify(body),
    } as unknown as Request;
    const response = await this.backend.handle(entry.kind, route.split(' ')[0]!, entry.handler)(null, request);
    // Mirage's Response keeps status and body as `code` and `data`; its type file leaves them out.
    const answer = response as unknown as { code: number; data: unknown };
    const text = typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data);
    return { status: answer.code, body: JSON.parse(text) as T, text };
  }

  /** Logs test user n in; the token. */
  async login(n: number): Promise<string> {
    return (await this.call<{ encodedToken: string }>('post /auth/login', {}, TEST_CREDENTIALS[n - 1])).body.encodedToken;
  }

  async post(postId: string): Promise<Post> {
    return (await this.call<{ post: Post }>('get /posts/:postId', { postId })).body.post;
  }

  async posts(): Promise<{ posts: Post[]; text: string }> {
    const answer = await this.call<{ posts: Post[] }>('get /posts');
    return { posts: answer.body.posts, text: answer.text };
  }

  async users(): Promise<User[]> {
    return (await this.call<{ users: User[] }>('get /users')).body.users;
  }
}

/** Opens tabs on the database `storageName`; after each test closes them and deletes it. */
export function tabsOn(storageName: string): () => Promise<Tab> {
  let tabs: Tab[] = [];
  afterEach(async () => {
    tabs.forEach((tab) => tab.backend.close());
    tabs = [];
    // Let the closed connections settle before the database is deleted.
    await Promise.resolve();
    await deleteStoredDatabase(storageName);
  });
  return async () => {
    const tab = new Tab(storageName);
    tabs.push(tab);
    await tab.backend.ready;
    return tab;
  };
}
