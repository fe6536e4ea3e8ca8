import React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteComponent, type FeedPageProps } from '@social/shell/federation';

/** Stands in for the feed remote's page: a component with the contract's props (FeedPageProps). */
function Greeting({ mode }: FeedPageProps) {
  return <h1>Hello {mode}</h1>;
}

test('a remote that fails to load shows a clear message with Retry, and Retry loads it', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  let reachable = false;
  const load = jest.fn(async () => {
    if (!reachable) throw new Error('Failed to fetch http://localhost:3002/mf-manifest.json');
    return { default: Greeting };
  });

  render(<RemoteComponent id="feed/FeedPage" props={{ mode: 'explore' }} load={load} />);

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The feed part of the site could not be loaded.');
  reachable = true;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Hello explore' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('while loading, a spinner named Loading shows', async () => {
  let resolve: (m: Record<string, unknown>) => void = () => undefined;
  const load = () => new Promise<Record<string, unknown>>((r) => (resolve = r));
  render(<RemoteComponent id="feed/FeedPage" props={{ mode: 'home' }} load={load} />);
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  resolve({ default: Greeting });
  expect(await screen.findByRole('heading', { name: 'Hello home' })).toBeInTheDocument();
});

test('a remote without the expected export is reported, not rendered blank', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  render(<RemoteComponent id="profile/ProfilePage" load={async () => ({})} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The profile part of the site could not be loaded.');
});
