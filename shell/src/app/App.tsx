import React, { type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RemoteComponent } from '@social/shell/federation';
import { ROUTES, useRouteParams } from '@social/shell/routes';
import { NavBar } from '../nav/NavBar';
import { AppFrame } from './AppFrame';
import { PublicOnly, RequireAuth } from './RouteGuards';
import { NotFound } from './NotFound';
import { OfflineNotice } from '../offline/OfflineNotice';
import { MAIN_ID } from './SkipLinks';
import './app.css';

/** A protected page: nav bar above the remote's screen. */
function Protected({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <NavBar />
      <main id={MAIN_ID} tabIndex={-1} className="page">
        {children}
      </main>
    </RequireAuth>
  );
}

/** Keyed by the post id / handle / tag so moving between two of them starts the remote afresh. */
function ProfileRoute() {
  const { userHandler } = useRouteParams('profile');
  return <RemoteComponent key={userHandler} id="profile/ProfilePage" />;
}
function TagRoute() {
  const { tag } = useRouteParams('tag');
  return <RemoteComponent key={tag} id="feed/TagPage" />;
}
function PostRoute() {
  const { postId } = useRouteParams('post');
  return <RemoteComponent key={postId} id="post/PostPage" />;
}

/** /mockman is reachable signed in or not; the nav bar offers the way to log in when signed out. */
function MockmanRoute() {
  return (
    <>
      <NavBar />
      <main id={MAIN_ID} tabIndex={-1} className="page page--wide">
        <RemoteComponent id="mockman/MockmanPage" />
      </main>
    </>
  );
}

function AppRoutes() {
  return (
    <Routes>
      <Route
        path={ROUTES.home}
        element={
          <Protected>
            <RemoteComponent key="home" id="feed/FeedPage" props={{ mode: 'home' }} />
          </Protected>
        }
      />
      <Route
        path={ROUTES.explore}
        element={
          <Protected>
            <RemoteComponent key="explore" id="feed/FeedPage" props={{ mode: 'explore' }} />
          </Protected>
        }
      />
      <Route
        path={ROUTES.profile}
        element={
          <Protected>
            <ProfileRoute />
          </Protected>
        }
      />
      <Route
        path={ROUTES.post}
        element={
          <Protected>
            <PostRoute />
          </Protected>
        }
      />
      <Route
        path={ROUTES.settings}
        element={
          <Protected>
            <RemoteComponent id="profile/SettingsPage" />
          </Protected>
        }
      />
      <Route
        path={ROUTES.moderation}
        element={
          <Protected>
            <RemoteComponent id="post/ModerationPage" />
          </Protected>
        }
      />
      <Route
        path={ROUTES.tag}
        element={
          <Protected>
            <TagRoute />
          </Protected>
        }
      />
      <Route
        path={ROUTES.search}
        element={
          <Protected>
            <RemoteComponent id="feed/SearchPage" />
          </Protected>
        }
      />
      <Route
        path={ROUTES.notifications}
        element={
          <Protected>
            <RemoteComponent id="notifications/NotificationsPage" />
          </Protected>
        }
      />
      <Route
        path={ROUTES.login}
        element={
          <PublicOnly>
            <main id={MAIN_ID} tabIndex={-1}>
              <RemoteComponent id="auth/LoginPage" />
            </main>
          </PublicOnly>
        }
      />
      <Route
        path={ROUTES.signup}
        element={
          <PublicOnly>
            <main id={MAIN_ID} tabIndex={-1}>
              <RemoteComponent id="auth/SignupPage" />
            </main>
          </PublicOnly>
        }
      />
      <Route path={ROUTES.mockman} element={<MockmanRoute />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function App() {
  return (
    <AppFrame>
      <OfflineNotice />
      <AppRoutes />
    </AppFrame>
  );
}
