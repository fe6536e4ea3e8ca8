/**
 * The tester knows the API: Endpoint offers the endpoints of the API's OpenAPI description
 * (served here by the fake backend from test/fixtures/openapi.json) and fills a chosen one's
 * method, path and body template. Without a description the tester is as it always was.
 */
import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Response as MirageResponse } from 'miragejs';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import { makeServer, type Server } from '@social/mock-api/server';
import { logout, whenLogoutSent } from '@social/shell/bus';
import { queryClient } from '@social/shell/data';
import { API_DESCRIPTION_PATH } from '../src/endpoints/api-description';
import MockmanPage from '../src/page/MockmanPage';
import fixture from './fixtures/openapi.json';

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
  queryClient.clear();
});

/** The fake backend serves the fixture as the API's description (as both backends serve theirs). */
function serveDescription(document: object = fixture) {
  server.get('/v2/openapi.json', () => document);
}

function renderPage() {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={['/mockman']}>
      <MockmanPage />
    </MemoryRouter>,
  );
  return { user, ...view };
}

const endpointBox = () => screen.getByRole('textbox', { name: 'Endpoint' });
const bodyBox = () => screen.getByRole('textbox', { name: 'Body' });
const requestType = () => screen.getByRole('combobox', { name: 'Request type' });
const suggestions = () => screen.getByRole('listbox', { name: 'Endpoint suggestions' });
const optionNames = () =>
  within(suggestions())
    .getAllByRole('option')
    .map((option) => option.textContent);

async function typeEndpoint(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.clear(endpointBox());
  await user.type(endpointBox(), text);
}

async function setBody(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.clear(bodyBox());
  await user.click(bodyBox());
  await user.paste(text);
}

const descriptionRequests = (fetchSpy: jest.SpiedFunction<typeof window.fetch>) =>
  fetchSpy.mock.calls.filter(([url]) => url === API_DESCRIPTION_PATH);

test('typing a path offers the documented endpoints that match, grouped by tag, v1 marked as the spec’s', async () => {
  serveDescription();
  const fetchSpy = jest.spyOn(window, 'fetch');
  const { user } = renderPage();
  // Nothing is asked for before the member wants suggestions.
  expect(descriptionRequests(fetchSpy)).toHaveLength(0);

  await typeEndpoint(user, '/api/v2/posts');
  const list = await screen.findByRole('listbox', { name: 'Endpoint suggestions' });
  expect(endpointBox()).toHaveAttribute('aria-autocomplete', 'list');
  expect(endpointBox()).toHaveAttribute('aria-controls', list.id);
  expect(within(list).getByRole('group', { name: 'Posts' })).toBeInTheDocument();
  expect(
    within(list)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual([
    'POST /api/v2/posts Write a post',
    'GET /api/v2/posts/{postId} One post',
    'DELETE /api/v2/posts/{postId} Delete my post',
    'GET /api/v2/posts/{postId}/likers Members who liked a post, newest first',
    'POST /api/v2/posts/{postId}/comments Comment on a post',
  ]);
  // No option is in hand until the arrows pick one.
  expect(endpointBox()).not.toHaveAttribute('aria-activedescendant');

  // A typed id stands for its placeholder.
  await user.type(endpointBox(), '/p01-sunrise/li');
  expect(optionNames()).toEqual(['GET /api/v2/posts/{postId}/likers Members who liked a post, newest first']);

  // A path found anywhere in an endpoint counts too; v1 is its own group.
  await typeEndpoint(user, '/login');
  const groups = within(suggestions()).getAllByRole('group');
  expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Sign-in', "v1 (the spec's API)"]);
  expect(within(groups[1]!).getByRole('option', { name: 'POST /api/auth/login Log in (v1)' })).toBeInTheDocument();

  // Nothing documented: no list.
  await typeEndpoint(user, '/api/nothing-here');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(endpointBox()).not.toHaveAttribute('aria-controls');
  // The description was read once for all of that.
  expect(descriptionRequests(fetchSpy)).toHaveLength(1);
});

test('the arrows move the option in hand, Enter fills method, path and a body template from the schema, and sends nothing', async () => {
  serveDescription();
  const { user } = renderPage();
  await typeEndpoint(user, '/api/v2/auth/');
  await screen.findByRole('listbox', { name: 'Endpoint suggestions' });
  expect(optionNames()).toEqual([
    'POST /api/v2/auth/login Log in',
    'POST /api/v2/auth/signup Create an account',
    'POST /api/v2/auth/logout Log out (revokes the token)',
  ]);

  await user.keyboard('{ArrowDown}');
  const first = within(suggestions()).getByRole('option', { name: /^POST \/api\/v2\/auth\/login/ });
  expect(endpointBox()).toHaveAttribute('aria-activedescendant', first.id);
  expect(first).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}'); // past the last: back to the first
  expect(endpointBox()).toHaveAttribute('aria-activedescendant', first.id);
  await user.keyboard('{ArrowUp}'); // before the first: the last
  expect(within(suggestions()).getByRole('option', { name: /logout/ })).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowUp}');

  await user.keyboard('{Enter}');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(requestType()).toHaveValue('POST');
  expect(endpointBox()).toHaveValue('/api/v2/auth/signup');
  expect(endpointBox()).toHaveFocus();
  // allOf merged, required only, formats and lengths honoured, pretty-printed.
  expect(bodyBox()).toHaveValue(
    JSON.stringify({ username: 'member@example.org', password: 'password1', firstName: 'string', lastName: 'string' }, null, 2),
  );
  expect(screen.queryByText(CLIENT_MESSAGES.jsonError)).not.toBeInTheDocument();
  // Enter chose: the form was not sent.
  expect(within(screen.getByRole('region', { name: 'Response' })).getByText(CLIENT_MESSAGES.responseUndefined)).toBeInTheDocument();
});

test('Escape closes the list and keeps what was typed; Enter with no option in hand sends, as before', async () => {
  serveDescription();
  const { user } = renderPage();
  await typeEndpoint(user, '/api/posts');
  await screen.findByRole('listbox', { name: 'Endpoint suggestions' });
  await user.keyboard('{ArrowDown}{Escape}');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(endpointBox()).toHaveValue('/api/posts');
  expect(endpointBox()).not.toHaveAttribute('aria-activedescendant');

  // ArrowDown opens it again; Tab leaves and closes it.
  await user.keyboard('{ArrowDown}');
  expect(suggestions()).toBeInTheDocument();
  await user.tab();
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

  await user.click(endpointBox());
  await user.type(endpointBox(), '{End}');
  await user.keyboard('{ArrowDown}{ArrowUp}{Escape}{Enter}');
  expect(await within(screen.getByRole('region', { name: 'Response' })).findByText('200 OK')).toBeInTheDocument();
  expect(requestType()).toHaveValue('GET');
  expect(endpointBox()).toHaveValue('/api/posts');
});

test('a call without a body keeps the body; a click chooses; the first placeholder left is selected to type over', async () => {
  serveDescription();
  const { user } = renderPage();
  await setBody(user, '{"keep": true}');

  await typeEndpoint(user, '/api/v2/posts/p01-sunrise/');
  await screen.findByRole('listbox', { name: 'Endpoint suggestions' });
  await user.click(within(suggestions()).getByRole('option', { name: /^GET \/api\/v2\/posts\/\{postId\}\/likers/ }));
  expect(requestType()).toHaveValue('GET');
  expect(endpointBox()).toHaveValue('/api/v2/posts/p01-sunrise/likers');
  expect(bodyBox()).toHaveValue('{"keep": true}');
  expect(endpointBox()).toHaveFocus();

  await typeEndpoint(user, '/api/posts/');
  await screen.findByRole('listbox', { name: 'Endpoint suggestions' });
  await user.click(within(suggestions()).getByRole('option', { name: /^DELETE \/api\/posts\/\{postId\}/ }));
  expect(requestType()).toHaveValue('DELETE');
  const box = endpointBox() as HTMLInputElement;
  expect(box).toHaveValue('/api/posts/{postId}');
  expect(box.value.slice(box.selectionStart!, box.selectionEnd!)).toBe('{postId}');
  expect(bodyBox()).toHaveValue('{"keep": true}');
  // Typing replaces the placeholder.
  await user.keyboard('p01-sunrise');
  expect(endpointBox()).toHaveValue('/api/posts/p01-sunrise');

  // A body template with an enum and a nested $ref.
  await typeEndpoint(user, '/api/posts');
  await screen.findByRole('listbox', { name: 'Endpoint suggestions' });
  await user.click(within(suggestions()).getByRole('option', { name: /^POST \/api\/posts Write a post/ }));
  expect(JSON.parse((bodyBox() as HTMLTextAreaElement).value)).toEqual({ postData: { content: 'string' } });
  await typeEndpoint(user, '/api/v2/rep');
  await screen.findByRole('listbox', { name: 'Endpoint suggestions' });
  await user.click(within(suggestions()).getByRole('option', { name: /^POST \/api\/v2\/reports/ }));
  expect(JSON.parse((bodyBox() as HTMLTextAreaElement).value)).toEqual({ targetKind: 'post', targetId: 'string', reason: 'spam' });
});

test('a server without a description (404, as before both served one) leaves the tester as it was, with a quiet hint only when asked', async () => {
  server.get('/v2/openapi.json', () => new MirageResponse(404, {}, { errors: ['Not Found'] }));
  const fetchSpy = jest.spyOn(window, 'fetch');
  const { user } = renderPage();
  await typeEndpoint(user, '/api/posts');
  await waitFor(() => expect(descriptionRequests(fetchSpy)).toHaveLength(1));
  const answer = await (fetchSpy.mock.results[0]!.value as Promise<Response>);
  expect(answer.status).toBe(404);
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(endpointBox()).not.toHaveAttribute('aria-controls');

  // Asked for with the arrow, the list says quietly why there is none.
  await user.keyboard('{ArrowDown}');
  expect(await screen.findByText('No endpoint list: this server does not describe its API.')).toBeInTheDocument();
  expect(endpointBox()).toHaveAccessibleDescription('No endpoint list: this server does not describe its API.');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  // Enter sends, as always; typing on asks the server no more.
  await user.keyboard('{Enter}');
  expect(await within(screen.getByRole('region', { name: 'Response' })).findByText('200 OK')).toBeInTheDocument();
  expect(screen.queryByText(/No endpoint list/)).not.toBeInTheDocument();
  await typeEndpoint(user, '/api/test-todos');
  expect(descriptionRequests(fetchSpy)).toHaveLength(1);
  expect(endpointBox()).toHaveValue('/api/test-todos');
});

test('a description that cannot be read (offline, not OpenAPI) gives no list and no error', async () => {
  const backend = window.fetch.bind(window);
  jest
    .spyOn(window, 'fetch')
    .mockImplementation((input, init) =>
      input === API_DESCRIPTION_PATH ? Promise.reject(new TypeError('Failed to fetch')) : backend(input, init),
    );
  const { user } = renderPage();
  await typeEndpoint(user, '/api/posts');
  await user.keyboard('{ArrowDown}');
  expect(await screen.findByText('No endpoint list: the description of the API could not be loaded.')).toBeInTheDocument();
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  jest.restoreAllMocks();
  queryClient.clear();

  serveDescription({ swagger: '2.0', paths: {} });
  await typeEndpoint(user, '/api/po');
  await user.keyboard('{ArrowDown}');
  expect(await screen.findByText('No endpoint list: this server does not describe its API.')).toBeInTheDocument();
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
});
