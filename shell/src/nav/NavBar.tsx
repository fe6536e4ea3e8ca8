import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { api, useAuth } from '@social/shell/bus';
import { pathTo } from '@social/shell/routes';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { Avatar, fullName, CompassIcon, HomeIcon, SearchIcon, ShieldIcon } from '@social/shell/ui';
import { NotificationsLink } from './NotificationsLink';
import { SkipLinks } from '../app/SkipLinks';
import { SearchOverlay } from './SearchOverlay';

const PRODUCT_NAME = 'Orbit';

/**
 * Whether the signed-in member moderates (GET /v2/me/roles), asked once per member: the link to
 * /moderation shows for moderators only. The server checks the role on every moderation call.
 */
function useIsModerator(memberId: string | null): boolean {
  const [moderator, setModerator] = useState<{ memberId: string; moderator: boolean } | null>(null);
  useEffect(() => {
    if (!memberId) return;
    let current = true;
    api.v2.me.roles().then(
      (roles) => current && setModerator({ memberId, moderator: roles.moderator }),
      // Unknown: no link; a moderator who goes to /moderation still gets the queue.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [memberId]);
  return !!memberId && moderator?.memberId === memberId && moderator.moderator;
}

export function NavBar() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchOpen, setSearchOpen] = useState(false);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const moderator = useIsModerator(auth?.user._id ?? null);
  // Closed without a choice: focus goes back to the button that opened it.
  const closeSearch = useCallback(() => {
    setSearchOpen(false);
    searchButtonRef.current?.focus();
  }, []);

  return (
    <header className="topbar">
      <SkipLinks />
      <nav className="topbar__nav" aria-label="Main">
        {/* Named by aria-label: on narrow screens the text is not shown (app.css). */}
        <Link to={pathTo('home')} className="brand" aria-label={PRODUCT_NAME}>
          <span className="brand__logo" aria-hidden="true">
            ◎
          </span>
          <span className="brand__text">{PRODUCT_NAME}</span>
        </Link>
        {/* Signed out (only /mockman has the bar then): the way back to logging in. */}
        {!auth && (
          <div className="topbar__actions">
            <ThemeSwitch />
            <Link to={pathTo('login')} className="btn btn--primary topbar__login">
              Log in
            </Link>
            <Link to={pathTo('signup')} className="btn topbar__signup">
              Sign up
            </Link>
          </div>
        )}
        {auth && (
          <div className="topbar__actions">
            <NavLink to={pathTo('home')} end className="icon-btn topbar__link" aria-label="Feed">
              <HomeIcon />
            </NavLink>
            <NavLink to={pathTo('explore')} className="icon-btn topbar__link" aria-label="Explore">
              <CompassIcon />
            </NavLink>
            <NotificationsLink />
            {moderator && (
              <NavLink to={pathTo('moderation')} className="icon-btn topbar__link" aria-label="Moderation">
                <ShieldIcon />
              </NavLink>
            )}
            <button ref={searchButtonRef} type="button" className="icon-btn" aria-label="Search users" onClick={() => setSearchOpen(true)}>
              <SearchIcon />
            </button>
            <ThemeSwitch />
            <Link to={pathTo('profile', { userHandler: auth.user.userHandler })} className="topbar__avatar" aria-label="My profile">
              <Avatar src={auth.user.pic} name={fullName(auth.user)} size={34} decorative />
            </Link>
          </div>
        )}
      </nav>
      {auth && searchOpen && (
        <SearchOverlay
          onClose={closeSearch}
          onChoose={(user) => {
            setSearchOpen(false);
            // `void`: under <BrowserRouter> navigate() finishes at once; its Promise type is for data routers.
            void navigate(pathTo('profile', { userHandler: user.userHandler }));
          }}
        />
      )}
    </header>
  );
}
