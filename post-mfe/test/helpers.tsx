import React from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Server } from 'miragejs';
import { TEST_CREDENTIALS, type Post } from '@social/mock-api/contract';
import { makeServer } from '@social/mock-api/server';
import { api, events$, logout, posts$, refreshPosts, refreshUsers, setAuth, setPosts, setUsers, usePosts, type ToastType } from '@social/shell/bus';
import PostCard from '../src/card/PostCard';
import PostPage from '../src/page/PostPage';

export interface SeenToast {
  toastType: ToastType;
  message: string;
}

/** Pretender keeps the requests it answered in `handledRequests`, which its type file leaves out. */
interface RequestLog {
  handledRequests: { url: string }[];
}
const requestLog = (server: Server) => server.pretender as unknown as RequestLog;

/** Where the router is, for assertions on navigation. */
function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

/** One card that follows the shared posts list, as the feed renders it. */
function ListedCard({ postId }: { postId: string }) {
  const { allPosts } = usePosts();
  const post = allPosts.find((p) => p._id === postId);
  return post ? <PostCard post={post} /> : <p>Card gone</p>;
}

/** A card at '/', the post page at /post/:postId, and the current path. */
export function renderCard(postId: string) {
  return renderAt('/', <ListedCard postId={postId} />);
}

export function renderPostPage(postId: string) {
  return renderAt(`/post/${postId}`);
}

function renderAt(path: string, home: React.ReactNode = <p>Home</p>) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={home} />
        <Route path="/post/:postId" element={<PostPage />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** The real fake backend in test mode (requests recorded), user 1 (Adarsh) signed in, toasts collected. */
export function setupBackend({ loadPosts = true }: { loadPosts?: boolean } = {}) {
  const ctx = { server: undefined as unknown as Server, toasts: [] as SeenToast[] };
  let unsubscribe = () => undefined as void;
  beforeEach(async () => {
    ctx.server = makeServer({ environment: 'test' });
    // Mirage turns request tracking off; a plain array makes pretender record them again.
    requestLog(ctx.server).handledRequests = [];
    ctx.toasts = [];
    const subscription = events$.subscribe((event) => {
      if (event.type === 'toast') ctx.toasts.push({ toastType: event.toastType, message: event.message });
    });
    unsubscribe = () => subscription.unsubscribe();
    const { foundUser, encodedToken } = await api.auth.login(TEST_CREDENTIALS[0]!);
    setAuth({ token: encodedToken, user: foundUser });
    await refreshUsers();
    if (loadPosts) await refreshPosts();
    requestLog(ctx.server).handledRequests = [];
  });
  afterEach(() => {
    unsubscribe();
    act(() => {
      logout();
      setPosts([]);
      setUsers([]);
    });
    ctx.server.shutdown();
  });
  return ctx;
}

/** Requests the fake backend answered for this path. */
export function requestsTo(server: Server, path: string): number {
  return requestLog(server).handledRequests.filter((request) => new URL(request.url, 'http://localhost').pathname === path).length;
}

/** A post of the shared list (what every remote sees). */
export function listed(postId: string): Post | undefined {
  return posts$.value.allPosts.find((p) => p._id === postId);
}

export const ADARSH_ID = 'u1-adarsh';
