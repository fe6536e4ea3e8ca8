import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CLIENT_MESSAGES, SERVER_ERRORS, STORAGE_KEYS, TEST_CREDENTIALS } from '@social/mock-api/contract';
import { makeServer, type Server } from '@social/mock-api/server';
import { api, logout, setAuth, whenLogoutSent } from '@social/shell/bus';
import { queryClient } from '@social/shell/data';
import { API_DESCRIPTION_PATH } from '../src/endpoints/api-description';
import MockmanPage from '../src/page/MockmanPage';
import { isTextType } from '../src/response/send';

let server: Server;

beforeEach(() => {
  server = makeServer({ environment: 'test' });
});

afterEach(async () => {
  act(() => {
    logout();
  });
  await whenLogoutSent();
  server.shutdown();
  jest.restoreAllMocks();
  // Typing a path reads the API description once a page (for the suggestions): every test asks afresh.
  queryClient.clear();
});

function renderPage() {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={['/mockman']}>
      <MockmanPage />
    </MemoryRouter>,
  );
  return { user, ...view };
}

const headerRows = () => within(screen.getByRole('group', { name: /^Headers \(\d+\)$/ })).getAllByRole('group', { name: /^Header row/ });
const responseRegion = () => screen.getByRole('region', { name: 'Response' });

/** Replaces the body text (paste: user-event would read braces as key names when typing). */
async function setBody(user: ReturnType<typeof userEvent.setup>, text: string) {
  const body = screen.getByRole('textbox', { name: 'Body' });
  await user.clear(body);
  if (text) {
    await user.click(body);
    await user.paste(text);
  }
}

async function setEndpoint(user: ReturnType<typeof userEvent.setup>, endpoint: string) {
  const box = screen.getByRole('textbox', { name: 'Endpoint' });
  await user.clear(box);
  await user.type(box, endpoint);
}

/** What the tester sent: every fetch but the API description's (read for the endpoint suggestions). */
const sentRequests = (fetchSpy: jest.SpiedFunction<typeof window.fetch>) =>
  fetchSpy.mock.calls.filter(([url]) => url !== API_DESCRIPTION_PATH);

/** Answers the tester's next request with `answer`; the API description's request goes on to the fake backend. */
function answerNextSend(answer: Response) {
  const backend = window.fetch.bind(window);
  let answered = false;
  return jest.spyOn(window, 'fetch').mockImplementation((input, init) => {
    if (input === API_DESCRIPTION_PATH || answered) return backend(input, init);
    answered = true;
    return Promise.resolve(answer);
  });
}

async function signIn() {
  const { me, encodedToken } = await api.v2.auth.login(TEST_CREDENTIALS[0]!);
  act(() => setAuth({ token: encodedToken, user: me }));
  return { foundUser: me, encodedToken };
}

test('starts with GET /api/test-todos, body {}, an Accept */* row in use plus a blank row, and no response', () => {
  renderPage();
  expect(screen.getByRole('combobox', { name: 'Request type' })).toHaveValue('GET');
  expect(screen.getByRole('textbox', { name: 'Endpoint' })).toHaveValue('/api/test-todos');
  expect(screen.getByRole('textbox', { name: 'Body' })).toHaveValue('{}');
  expect(screen.getByRole('group', { name: 'Headers (1)' })).toBeInTheDocument();

  const [accept, blank] = headerRows() as [HTMLElement, HTMLElement];
  expect(headerRows()).toHaveLength(2);
  expect(within(accept).getByRole('checkbox', { name: 'Use header' })).toBeChecked();
  expect(within(accept).getByRole('textbox', { name: 'Header' })).toHaveValue('Accept');
  expect(within(accept).getByRole('textbox', { name: 'Value' })).toHaveValue('*/*');
  expect(within(blank).getByRole('checkbox', { name: 'Use header' })).not.toBeChecked();
  expect(within(blank).getByRole('textbox', { name: 'Header' })).toHaveValue('');
  expect(within(blank).queryByRole('button', { name: 'Remove header' })).not.toBeInTheDocument();

  expect(within(responseRegion()).getByText(CLIENT_MESSAGES.responseUndefined)).toBeInTheDocument();
  // The default scheme follows the app's theme (readable in both); 'standard' stays selectable.
  expect(screen.getByRole('combobox', { name: 'Colour scheme' })).toHaveValue('app');
  expect(
    within(screen.getByRole('combobox', { name: 'Colour scheme' }))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['app theme', 'standard', 'dark']);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('typing in the last row uses it and appends a blank row; unchecking and removing lower the count', async () => {
  const { user } = renderPage();
  await user.type(within(headerRows()[1]!).getByRole('textbox', { name: 'Header' }), 'X-Trace');

  expect(headerRows()).toHaveLength(3);
  expect(screen.getByRole('group', { name: 'Headers (2)' })).toBeInTheDocument();
  const typed = headerRows()[1]!;
  expect(within(typed).getByRole('checkbox', { name: 'Use header' })).toBeChecked();
  // Focus stayed in the row being typed in: the whole name arrived in one row.
  expect(within(typed).getByRole('textbox', { name: 'Header' })).toHaveValue('X-Trace');
  expect(within(headerRows()[2]!).getByRole('textbox', { name: 'Header' })).toHaveValue('');

  await user.type(within(typed).getByRole('textbox', { name: 'Value' }), 'abc');
  expect(headerRows()).toHaveLength(3);

  await user.click(within(headerRows()[0]!).getByRole('checkbox', { name: 'Use header' }));
  expect(screen.getByRole('group', { name: 'Headers (1)' })).toBeInTheDocument();

  await user.click(within(headerRows()[1]!).getByRole('button', { name: 'Remove header' }));
  expect(screen.getByRole('group', { name: 'Headers (0)' })).toBeInTheDocument();
  expect(headerRows()).toHaveLength(2);
  expect(within(headerRows()[0]!).getByRole('textbox', { name: 'Header' })).toHaveValue('Accept');

  // Checking the blank last row also starts a new blank one.
  await user.click(within(headerRows()[1]!).getByRole('checkbox', { name: 'Use header' }));
  expect(headerRows()).toHaveLength(3);
  expect(screen.getByRole('group', { name: 'Headers (1)' })).toBeInTheDocument();
});

test('empty or invalid JSON shows the error under the body and nothing is sent', async () => {
  const fetchSpy = jest.spyOn(window, 'fetch');
  const { user } = renderPage();
  const body = screen.getByRole('textbox', { name: 'Body' });

  await setBody(user, '');
  const error = screen.getByRole('alert');
  expect(error).toHaveTextContent(CLIENT_MESSAGES.jsonError);
  expect(body).toHaveAccessibleDescription(CLIENT_MESSAGES.jsonError);
  expect(body).toHaveAttribute('aria-invalid', 'true');

  await setBody(user, '{"username": ');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Request type' }), 'POST');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(fetchSpy).not.toHaveBeenCalled();
  expect(body).toHaveFocus();
  expect(within(responseRegion()).getByText(CLIENT_MESSAGES.responseUndefined)).toBeInTheDocument();

  await setBody(user, '{"username": "a"}');
  expect(screen.queryByText(CLIENT_MESSAGES.jsonError)).not.toBeInTheDocument();
  expect(body).not.toHaveAttribute('aria-invalid');
});

test('an endpoint that is neither a path nor an http(s) URL is refused with a message', async () => {
  const fetchSpy = jest.spyOn(window, 'fetch');
  const { user } = renderPage();
  await setEndpoint(user, 'javascript:alert(1)');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Enter the endpoint as a path starting with /');
  expect(screen.getByRole('textbox', { name: 'Endpoint' })).toHaveFocus();
  expect(fetchSpy).not.toHaveBeenCalled();
});

test('GET /api/test-todos shows 200, the todos data and the headers as trees', async () => {
  const { user } = renderPage();
  await user.click(screen.getByRole('button', { name: 'Send' }));

  const response = responseRegion();
  expect(await within(response).findByText('200 OK')).toBeInTheDocument();
  expect(await within(response).findByText('todos')).toBeInTheDocument();
  // Levels below the second start collapsed: a todo opens on a click.
  expect(within(response).queryByText('"Try GET /api/posts"')).not.toBeInTheDocument();
  await user.click(within(response).getAllByText('0')[0]!);
  expect(await within(response).findByText('"Try GET /api/posts"')).toBeInTheDocument();
  expect(within(response).getByText('data')).toBeInTheDocument();
  expect(within(response).getByText('headers')).toBeInTheDocument();
  expect(within(response).getByText('"application/json"')).toBeInTheDocument();
  expect(response).toHaveAttribute('aria-busy', 'false');
  expect(within(response).getByText('Answer: 200 OK')).toBeInTheDocument(); // announced to screen readers
  expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test('GET /api/posts draws one collapsed line per post, not every nested member', async () => {
  const { user } = renderPage();
  await setEndpoint(user, '/api/posts');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  const response = responseRegion();
  expect(await within(response).findByText('posts')).toBeInTheDocument();
  // eslint-disable-next-line testing-library/no-node-access -- counting the tree's drawn key rows, which have no role
  expect(response.querySelectorAll('.object-key-val').length).toBeLessThan(60);
  expect(within(response).queryByText('likedBy')).not.toBeInTheDocument();
});

test("the default colour scheme uses the app theme's colours; standard keeps the white box", async () => {
  const { user } = renderPage();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  const response = responseRegion();
  await within(response).findByText('todos');
  // eslint-disable-next-line testing-library/no-node-access -- the tree's theme is only visible as its root's style
  expect(response.querySelector('.react-json-view')).toHaveStyle({ backgroundColor: 'rgb(22, 32, 42)' }); // the dark theme's surface
  await user.selectOptions(screen.getByRole('combobox', { name: 'Colour scheme' }), 'standard');
  // eslint-disable-next-line testing-library/no-node-access -- see above
  expect(response.querySelector('.react-json-view')).toHaveStyle({ backgroundColor: 'rgb(255, 255, 255)' });
});

test('a request in flight shows a spinner, marks the region busy and disables Send', async () => {
  server.timing = 200;
  const { user } = renderPage();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(within(responseRegion()).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(responseRegion()).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  expect(await within(responseRegion()).findByText('200 OK')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test('POST /api/auth/login with a body shows foundUser and encodedToken', async () => {
  const fetchSpy = jest.spyOn(window, 'fetch');
  const { user } = renderPage();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Request type' }), 'POST');
  await setEndpoint(user, '/api/auth/login');
  const body = JSON.stringify(TEST_CREDENTIALS[0]);
  await setBody(user, body);
  await user.click(screen.getByRole('button', { name: 'Send' }));

  const response = responseRegion();
  expect(await within(response).findByText(/^20[01] /)).toBeInTheDocument();
  expect(await within(response).findByText('foundUser')).toBeInTheDocument();
  expect(within(response).getByText('encodedToken')).toBeInTheDocument();
  expect(within(response).getByText(`"${TEST_CREDENTIALS[0]!.username}"`)).toBeInTheDocument();

  // The body went as typed, with the rows in use and a JSON content type.
  expect(sentRequests(fetchSpy)).toHaveLength(1);
  const [url, init] = sentRequests(fetchSpy)[0]!;
  expect(url).toBe('/api/auth/login');
  expect(init?.method).toBe('POST');
  expect(init?.body).toBe(body);
  const sent = new Headers(init?.headers);
  expect(sent.get('Accept')).toBe('*/*');
  expect(sent.get('Content-Type')).toBe('application/json');
});

test('GET sends no body and only the rows in use with a name', async () => {
  const fetchSpy = jest.spyOn(window, 'fetch');
  const { user } = renderPage();
  await user.type(within(headerRows()[1]!).getByRole('textbox', { name: 'Value' }), 'no name');
  await user.type(within(headerRows()[2]!).getByRole('textbox', { name: 'Header' }), 'X-Off');
  await user.click(within(headerRows()[2]!).getByRole('checkbox', { name: 'Use header' }));
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await within(responseRegion()).findByText('200 OK');

  const init = fetchSpy.mock.calls[0]![1];
  expect(init?.body).toBeUndefined();
  expect([...new Headers(init?.headers).keys()]).toEqual(['accept']);
});

test('a header name with a space is refused before sending', async () => {
  const fetchSpy = jest.spyOn(window, 'fetch');
  const { user } = renderPage();
  await user.type(within(headerRows()[1]!).getByRole('textbox', { name: 'Header' }), 'Bad Name');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByRole('alert')).toHaveTextContent('"Bad Name" is not a valid header name');
  expect(fetchSpy).not.toHaveBeenCalled();
});

test('an error answer shows its status and the server errors; with "Add my token" the like succeeds', async () => {
  const { foundUser, encodedToken } = await signIn();
  const { user } = renderPage();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Request type' }), 'POST');
  await setEndpoint(user, '/api/posts/like/p11-chess');
  await user.click(screen.getByRole('button', { name: 'Send' }));

  const response = responseRegion();
  expect(await within(response).findByText('404 Not Found')).toBeInTheDocument();
  expect(await within(response).findByText('errors')).toBeInTheDocument();
  expect(within(response).getByText(`"${SERVER_ERRORS.userNotFound}"`)).toBeInTheDocument();

  const addToken = screen.getByRole('button', { name: 'Add my token' });
  expect(addToken).toHaveAccessibleDescription(`Sends an authorization header as @${foundUser.userHandler}.`);
  await user.click(addToken);
  expect(screen.getByRole('group', { name: 'Headers (2)' })).toBeInTheDocument();
  const tokenRow = headerRows()[1]!;
  expect(within(tokenRow).getByRole('textbox', { name: 'Header' })).toHaveValue('authorization');
  expect(within(tokenRow).getByRole('textbox', { name: 'Value' })).toHaveValue(encodedToken);
  // Pressing again updates the same row instead of adding another.
  await user.click(addToken);
  expect(headerRows()).toHaveLength(3);

  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await within(response).findByText('201 Created')).toBeInTheDocument();
  expect(await within(response).findByText('posts')).toBeInTheDocument();
  const { posts } = await api.posts.all();
  expect(posts.find((p) => p._id === 'p11-chess')!.likes.likedBy.map((u) => u._id)).toContain(foundUser._id);
});

test('a forged token shows the 401 answer with its errors list and does not sign the member out', async () => {
  const { encodedToken } = await signIn();
  const { user } = renderPage();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Request type' }), 'POST');
  await setEndpoint(user, '/api/posts/like/p11-chess');
  await user.click(screen.getByRole('button', { name: 'Add my token' }));
  const value = within(headerRows()[1]!).getByRole('textbox', { name: 'Value' });
  await user.clear(value);
  await user.click(value);
  await user.paste(`${encodedToken.slice(0, -4)}AAAA`);
  await user.click(screen.getByRole('button', { name: 'Send' }));

  expect(await within(responseRegion()).findByText('401 Unauthorized')).toBeInTheDocument();
  expect(await within(responseRegion()).findByText(`"${SERVER_ERRORS.badToken}"`)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add my token' })).toBeEnabled();
});

test('"Add my token" is disabled with a hint when signed out', () => {
  renderPage();
  const addToken = screen.getByRole('button', { name: 'Add my token' });
  expect(addToken).toBeDisabled();
  expect(addToken).toHaveAccessibleDescription('Sign in to add your token.');
});

test('the last request is restored after a remount; a corrupted entry is ignored; Reset request goes back', async () => {
  const { user, unmount } = renderPage();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Request type' }), 'DELETE');
  await setEndpoint(user, '/api/posts/p01-sunrise');
  await setBody(user, '{"a": 1}');
  await user.type(within(headerRows()[1]!).getByRole('textbox', { name: 'Header' }), 'X-One');
  unmount();

  const { user: userAfterRemount, unmount: unmountAgain } = renderPage();
  expect(screen.getByRole('combobox', { name: 'Request type' })).toHaveValue('DELETE');
  expect(screen.getByRole('textbox', { name: 'Endpoint' })).toHaveValue('/api/posts/p01-sunrise');
  expect(screen.getByRole('textbox', { name: 'Body' })).toHaveValue('{"a": 1}');
  expect(screen.getByRole('group', { name: 'Headers (2)' })).toBeInTheDocument();
  expect(headerRows()).toHaveLength(3);
  expect(within(headerRows()[1]!).getByRole('textbox', { name: 'Header' })).toHaveValue('X-One');

  await userAfterRemount.click(screen.getByRole('button', { name: 'Reset request' }));
  expect(screen.getByRole('combobox', { name: 'Request type' })).toHaveValue('GET');
  expect(screen.getByRole('textbox', { name: 'Endpoint' })).toHaveValue('/api/test-todos');
  expect(screen.getByRole('textbox', { name: 'Body' })).toHaveValue('{}');
  expect(screen.getByRole('group', { name: 'Headers (1)' })).toBeInTheDocument();
  expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.mockmanRequest)!)).toMatchObject({
    reqType: 'GET',
    endpoint: '/api/test-todos',
  });
  unmountAgain();

  window.localStorage.setItem(STORAGE_KEYS.mockmanRequest, '{"reqType":"PUT","endpoint":');
  renderPage();
  expect(screen.getByRole('combobox', { name: 'Request type' })).toHaveValue('GET');
  expect(screen.getByRole('textbox', { name: 'Endpoint' })).toHaveValue('/api/test-todos');
});

test('a network failure shows that the request could not be sent', async () => {
  jest.spyOn(window, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
  const { user } = renderPage();
  await setEndpoint(user, 'http://127.0.0.1:9/api/test-todos');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  const alert = await within(responseRegion()).findByRole('alert');
  expect(alert).toHaveTextContent('The request could not be sent: Failed to fetch');
  expect(alert).toHaveTextContent('GET http://127.0.0.1:9/api/test-todos');
  expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test('a body that is not JSON is shown as text; the dark colour scheme switches the tree theme', async () => {
  jest
    .spyOn(window, 'fetch')
    .mockResolvedValueOnce(new Response('plain words', { status: 200, headers: { 'Content-Type': 'text/plain' } }));
  const { user } = renderPage();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  const response = responseRegion();
  expect(await within(response).findByText('plain words')).toBeInTheDocument();
  expect(within(response).getByText('The body is not JSON; its text:')).toBeInTheDocument();
  await waitFor(() => expect(within(response).getByText('headers')).toBeInTheDocument());

  await user.selectOptions(screen.getByRole('combobox', { name: 'Colour scheme' }), 'dark');
  // monokai's background (#272822) replaces the standard white box.
  // eslint-disable-next-line testing-library/no-node-access -- the tree's theme is only visible as its root's style
  expect(response.querySelector('.react-json-view')).toHaveStyle({ backgroundColor: 'rgb(39, 40, 34)' });
});

test('the saved request never holds a token, and logging out empties the token row on the page', async () => {
  const { encodedToken } = await signIn();
  const view = renderPage();
  await view.user.click(screen.getByRole('button', { name: 'Add my token' }));
  const tokenRow = headerRows()[1]!;
  expect(within(tokenRow).getByRole('textbox', { name: 'Value' })).toHaveValue(encodedToken);
  await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.mockmanRequest)).toContain('authorization'));
  expect(window.localStorage.getItem(STORAGE_KEYS.mockmanRequest)).not.toContain(encodedToken);

  act(() => logout());
  expect(within(headerRows()[1]!).getByRole('textbox', { name: 'Value' })).toHaveValue('');
  expect(within(headerRows()[1]!).getByRole('textbox', { name: 'Header' })).toHaveValue('authorization');
  view.unmount();

  // A request saved by an earlier version, with the token in it, loads without it.
  window.localStorage.setItem(
    STORAGE_KEYS.mockmanRequest,
    JSON.stringify({
      reqType: 'GET',
      endpoint: '/api/users/bookmark',
      body: '{}',
      headers: [{ isUsed: true, header: 'Authorization', value: encodedToken }],
    }),
  );
  renderPage();
  expect(within(headerRows()[0]!).getByRole('textbox', { name: 'Header' })).toHaveValue('Authorization');
  expect(within(headerRows()[0]!).getByRole('textbox', { name: 'Value' })).toHaveValue('');
  expect(window.localStorage.getItem(STORAGE_KEYS.mockmanRequest)).not.toContain(encodedToken);
});

describe('answers that are not text', () => {
  // jsdom has no object URLs: these record what the page makes and releases, as a browser would.
  const made: { url: string; blob: Blob }[] = [];
  const revoked: string[] = [];
  const real = {
    create: (URL as { createObjectURL?: unknown }).createObjectURL,
    revoke: (URL as { revokeObjectURL?: unknown }).revokeObjectURL,
  };
  beforeEach(() => {
    made.length = 0;
    revoked.length = 0;
  });
  // Taken away only after the last test: each page releases its URLs as it unmounts, after each test.
  beforeAll(() => {
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:http://localhost/answer-${made.length + 1}`;
        made.push({ url, blob });
        return url;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    });
  });
  afterAll(() => {
    Object.assign(URL, { createObjectURL: real.create, revokeObjectURL: real.revoke });
  });

  const bytes = (length: number) => Uint8Array.from({ length }, (_, i) => (i === 0 ? 0x89 : (i * 37) % 256));

  test('an image answer shows the picture with its type and size, never its bytes as text; leaving releases it', async () => {
    const png = bytes(2048);
    answerNextSend(new Response(new Blob([png], { type: 'image/png' }), { status: 200, headers: { 'Content-Type': 'image/png' } }));
    const { user, unmount } = renderPage();
    await setEndpoint(user, `/api/images/${'a'.repeat(64)}`);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const response = responseRegion();
    expect(await within(response).findByText('The body is an image (image/png, 2.0 KB):')).toBeInTheDocument();
    const picture = await within(response).findByRole('img', { name: 'Body of the answer (image/png)' });
    expect(made).toHaveLength(1);
    expect(picture).toHaveAttribute('src', made[0]!.url);
    expect(made[0]!.blob.size).toBe(2048);
    expect(within(response).queryByText('The body is not JSON; its text:')).not.toBeInTheDocument();
    unmount();
    expect(revoked).toEqual([made[0]!.url]);
  });

  test('other bytes are described by their type and size', async () => {
    jest
      .spyOn(window, 'fetch')
      .mockResolvedValueOnce(new Response(new Blob([bytes(10)]), { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }));
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const response = responseRegion();
    expect(
      await within(response).findByText('The body is binary data (application/octet-stream, 10 bytes); it is not shown as text.'),
    ).toBeInTheDocument();
    expect(within(response).queryByRole('img')).not.toBeInTheDocument();
    expect(made).toHaveLength(0);
  });

  test('JSON, XML and text types are read as text; pictures, SVG included, and other bytes are not', () => {
    for (const type of [
      '',
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html',
      'text/plain',
      'application/xml',
      'application/javascript',
    ]) {
      expect([type, isTextType(type)]).toEqual([type, true]);
    }
    for (const type of ['image/png', 'image/svg+xml', 'application/octet-stream', 'application/pdf', 'video/mp4']) {
      expect([type, isTextType(type)]).toEqual([type, false]);
    }
  });
});
