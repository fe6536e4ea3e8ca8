/** MirageJS-specific: the in-browser backend prints nothing, whatever its environment (its default logging printed passwords and tokens). */
import { TEST_CREDENTIALS } from '../src/contract';
import { makeServer } from '../src/server';
import { anonymous, raw, withToken } from './helpers';

it('no request or answer reaches the console in development mode', async () => {
  const spies = (['log', 'info', 'debug', 'warn', 'error', 'group', 'groupCollapsed'] as const).map((name) =>
    jest.spyOn(console, name).mockImplementation(() => undefined),
  );
  const server = makeServer({ environment: 'development', timing: 0, persist: false });
  try {
    expect(server.logging).toBe(false);
    const { encodedToken } = await anonymous().auth.login(TEST_CREDENTIALS[0]!);
    await withToken(encodedToken).posts.like('p11-chess');
    await withToken(encodedToken).auth.logout();
    await raw('GET', '/no-such-path');
    await raw('PUT', '/posts');
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  } finally {
    server.shutdown();
    spies.forEach((spy) => spy.mockRestore());
  }
});
