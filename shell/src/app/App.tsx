import React, { type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { useAuth } from '@social/shell/bus';
import { RemoteComponent } from '@social/shell/federation';
import { NavBar } from '../nav/NavBar';
import { AppFrame } from './AppFrame';
import { PublicOnly, RequireAuth } from './guards';
import { NotFound } from './NotFound';
import './app.css';

/** A protected page: nav bar above the remote's screen. */
function Protected({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <NavBar />
      <main className="page">{children}</main>
    </RequireAuth>
  );
}

/** Keyed by the post id / handle so moving between two of them starts the remote afresh. */
function ProfileRoute() {
  const { userHandler = '' } = useParams();
  return <RemoteComponent key={userHandler} id="profile/ProfilePage" props={{}} />;
}
function PostRoute() {
  const { postId = '' } = useParams();
  return <RemoteComponent key={postId} id="post/PostPage" props={{}} />;
}

/** /mockman is reachable signed in or not; signed in, it keeps the nav bar. */
function MockmanRoute() {
  const auth = useAuth();
  return (
    <>
      {auth && <NavBar />}
      <main className="page page--wide">
        <RemoteComponent id="mockman/MockmanPage" props={{}} />
      </main>
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Protected><RemoteComponent key="home" id="feed/FeedPage" props={{ mode: 'home' }} /></Protected>} />
      <Route path="/explore" element={<Protected><RemoteComponent key="explore" id="feed/FeedPage" props={{ mode: 'explore' }} /></Protected>} />
      <Route path="/profile/:userHandler" element={<Protected><ProfileRoute /></Protected>} />
      <Route path="/post/:postId" element={<Protected><PostRoute /></Protected>} />
      <Route path="/login" element={<PublicOnly><main><RemoteComponent id="auth/LoginPage" props={{}} /></main></PublicOnly>} />
      <Route path="/signup" element={<PublicOnly><main><RemoteComponent id="auth/SignupPage" props={{}} /></main></PublicOnly>} />
      <Route path="/mockman" element={<MockmanRoute />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function App() {
  return (
    <AppFrame>
      <AppRoutes />
    </AppFrame>
  );
}
