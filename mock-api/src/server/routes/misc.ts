/** GET /test-todos (the API tester's default request) and the words of the 404 for unknown /api paths; no MirageJS here, so api-server imports it too (@social/mock-api/todos). */
import type { TodosAnswer } from '../../contract';
import { ok, type RouteKit } from './kit';

export const TEST_TODOS: TodosAnswer = {
  todos: [
    { _id: 'todo-1', title: 'Try GET /api/posts', done: true },
    { _id: 'todo-2', title: 'Log in with POST /api/auth/login', done: false },
    { _id: 'todo-3', title: 'Send the token in an authorization header', done: false },
    { _id: 'todo-4', title: 'Like a post with POST /api/posts/like/{postId}', done: false },
  ],
};

/** The 404 message for a path no endpoint takes (both backends). */
export const unknownEndpoint = (method: string, path: string) => `No API endpoint matches ${method} /api/${path}.`;

export function miscRoutes(r: RouteKit): void {
  r.read('get', '/test-todos', () => ok({ todos: TEST_TODOS.todos.map((t) => ({ ...t })) }));
}
