import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { PostDraftV2, PostsPageV2 } from '@social/mock-api/contract-v2';
import { usePostMutations } from '@social/shell/actions';
import { setBackendReady, setBackendStart, whenBackendReady } from '@social/shell/bus';
import { queryClient, queryKeys, seedPosts } from '@social/shell/data';
import PostCard from '../src/card/PostCard';
import PostComposer from '../src/composer/PostComposer';
import { LIST_KEY, decodesAs, listed, renderPostPage, setupBackend } from './helpers';

const ctx = setupBackend();

test("a picture without a description is named after its author: '<first and last name> photo'", () => {
  const post = listed('p01-sunrise')!;
  render(
    <MemoryRouter>
      <PostCard post={post} />
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: 'Sara Ahmed photo' });
  expect(link).toHaveAttribute('href', '/post/p01-sunrise');
  expect(within(link).getByRole('img')).toHaveAttribute('alt', 'Sara Ahmed photo');
});

test("a picture's description, when the post has one, is its alt text", () => {
  const seeded = listed('p01-sunrise')!;
  const post = {
    ...seeded,
    picAlt: 'The sun rising over misty hills',
    pictures: [{ ...seeded.pictures[0]!, alt: 'The sun rising over misty hills' }],
  };
  // The card follows the post's cache entry (as an answer from the server would update it).
  act(() => seedPosts([post]));
  render(
    <MemoryRouter>
      <PostCard post={post} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('img', { name: 'The sun rising over misty hills' })).toHaveAttribute('src', post.pic);
});

test('on the post page the picture opens at full size in a dialog that Escape closes, giving focus back', async () => {
  renderPostPage('p01-sunrise');
  const user = userEvent.setup();
  const picture = await screen.findByRole('button', { name: 'Sara Ahmed photo (open full size)' });
  await user.click(picture);
  const dialog = screen.getByRole('dialog', { name: 'Sara Ahmed photo' });
  expect(within(dialog).getByRole('img', { name: 'Sara Ahmed photo' })).toHaveAttribute('src', listed('p01-sunrise')!.pic);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(picture).toHaveFocus();
});

/** Two of my posts, one after the other, following the cached list as the feed does. */
function TwoCards() {
  const { data } = useQuery<{ pages: PostsPageV2[] }>({ queryKey: LIST_KEY, enabled: false }, queryClient);
  const allPosts = data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <MemoryRouter>
      <main>
        {allPosts
          .filter((p) => p._id === 'p02-css' || p._id === 'p09-launch')
          .map((post) => (
            <PostCard key={post._id} post={post} />
          ))}
      </main>
    </MemoryRouter>
  );
}

test('after a post is deleted, focus goes to the next post, not to <body>', async () => {
  render(<TwoCards />);
  const user = userEvent.setup();
  const [first, second] = screen.getAllByRole('article');
  const gone = first!.getAttribute('aria-label');
  await user.click(within(first!).getByRole('button', { name: 'Post options' }));
  await user.click(screen.getByRole('menuitem', { name: 'Delete post' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete post?' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  expect(gone).toBe('Post by Adarsh Balika');
  await waitFor(() => expect(second).toHaveFocus());
});

const EXPLORE_LATEST = queryKeys.feed('explore', 'latest');

/** The Create post box as the feed wires it (saving through the shell's post actions), above the Latest feed's cards. */
function ComposerAndFeed() {
  const { create } = usePostMutations();
  const { data } = useQuery<{ pages: PostsPageV2[] }>({ queryKey: EXPLORE_LATEST, enabled: false }, queryClient);
  return (
    <MemoryRouter>
      <PostComposer onSubmit={create} />
      <main>
        {data?.pages
          .flatMap((page) => page.posts)
          .slice(0, 2)
          .map((post) => (
            <PostCard key={post._id} post={post} />
          ))}
      </main>
    </MemoryRouter>
  );
}

/** The post drafts the page sent to this path, as the fake backend received them. */
function sentDrafts(path: RegExp): PostDraftV2[] {
  const { handledRequests } = ctx.server.pretender as unknown as {
    handledRequests: { url: string; method: string; requestBody: string }[];
  };
  return handledRequests
    .filter((request) => request.method === 'POST' && path.test(new URL(request.url, 'http://localhost').pathname))
    .map((request) => (JSON.parse(request.requestBody) as { postData: PostDraftV2 }).postData);
}

test("the composer's picture description is sent with the post and becomes the picture's alt; an edit keeps or changes it", async () => {
  decodesAs(320, 240);
  queryClient.setQueryData(EXPLORE_LATEST, queryClient.getQueryData(LIST_KEY));
  render(<ComposerAndFeed />);
  // The picker's accept list is a hint; the test's tiny file need not match it.
  const user = userEvent.setup({ applyAccept: false });
  await user.type(screen.getByRole('textbox', { name: "What's on your mind?" }), 'Our new kitten');
  await user.upload(
    screen.getByLabelText('Add photo or GIF'),
    new File([new Uint8Array([137, 80, 78, 71])], 'kitten.png', { type: 'image/png' }),
  );
  await user.type(await screen.findByRole('textbox', { name: 'Picture description' }), '  A grey kitten asleep on a keyboard ');
  // The preview already uses the description.
  expect(screen.getByRole('img', { name: 'A grey kitten asleep on a keyboard' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Post' }));

  const card = await screen.findByRole('article', { name: 'Post by Adarsh Balika' });
  await within(card).findByText('Our new kitten');
  expect(sentDrafts(/\/v2\/posts$/)).toEqual([
    {
      content: 'Our new kitten',
      pic: expect.stringMatching(/^data:image\/png;base64,/),
      picAlt: 'A grey kitten asleep on a keyboard',
      pictures: [
        { pic: expect.stringMatching(/^data:image\/png;base64,/), alt: 'A grey kitten asleep on a keyboard', width: 320, height: 240 },
      ],
    },
  ]);
  expect(within(card).getByRole('link', { name: 'A grey kitten asleep on a keyboard' })).toContainElement(
    within(card).getByRole('img', { name: 'A grey kitten asleep on a keyboard' }),
  );
  // The composer is empty again, its description field gone with the picture.
  expect(screen.queryByRole('textbox', { name: 'Picture description' })).not.toBeInTheDocument();

  // Editing only the text keeps the description.
  const edit = async () => {
    await user.click(within(card).getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit post' }));
    return screen.getByRole('dialog', { name: 'Edit post' });
  };
  let dialog = await edit();
  expect(within(dialog).getByRole('textbox', { name: 'Picture description' })).toHaveValue('A grey kitten asleep on a keyboard');
  await user.type(within(dialog).getByRole('textbox', { name: "What's on your mind?" }), '!');
  await user.click(within(dialog).getByRole('button', { name: 'Post' }));
  await within(card).findByText('Our new kitten!');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(within(card).getByRole('img')).toHaveAttribute('alt', 'A grey kitten asleep on a keyboard');

  // Changing the description changes the alt.
  dialog = await edit();
  const description = within(dialog).getByRole('textbox', { name: 'Picture description' });
  await user.clear(description);
  await user.type(description, 'A grey kitten, awake now');
  await user.click(within(dialog).getByRole('button', { name: 'Post' }));
  await waitFor(() => expect(within(card).getByRole('img')).toHaveAttribute('alt', 'A grey kitten, awake now'));
  const edits = sentDrafts(/\/v2\/posts\/edit\//);
  expect(edits.map((draft) => draft.picAlt)).toEqual(['A grey kitten asleep on a keyboard', 'A grey kitten, awake now']);
});

test('a card shown before the in-browser backend runs asks for its picture only once it does, named by its alt text meanwhile', async () => {
  let finishStart: () => void = () => undefined;
  setBackendStart(
    () =>
      new Promise<void>((resolve) => {
        finishStart = resolve;
      }),
  );
  try {
    const post = {
      ...listed('p01-sunrise')!,
      pic: '/api/images/sunrise',
      pictures: [{ url: '/api/images/sunrise', alt: '', width: 0, height: 0 }],
    };
    act(() => seedPosts([post]));
    render(
      <MemoryRouter>
        <PostCard post={post} />
      </MemoryRouter>,
    );
    // The static server would answer the address with the page's HTML until then.
    const picture = within(screen.getByRole('link', { name: 'Sara Ahmed photo' })).getByRole('img');
    expect(picture).not.toHaveAttribute('src');
    const started = whenBackendReady();
    await act(async () => {
      finishStart();
      await started;
    });
    expect(picture).toHaveAttribute('src', '/api/images/sunrise');
  } finally {
    const ready = Promise.resolve();
    await act(async () => {
      setBackendReady(ready);
      await ready;
    });
  }
});
