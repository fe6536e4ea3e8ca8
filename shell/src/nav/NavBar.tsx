import React, { useCallback, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '@social/shell/bus';
import { pathTo } from '@social/shell/routes';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { Avatar, fullName, CompassIcon, HomeIcon, SearchIcon } from '@social/shell/ui';
import { SearchOverlay } from './SearchOverlay';

export const PRODUCT_NAME = 'Orbit';

export function NavBar() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchOpen, setSearchOpen] = useState(false);
  const closeSearch = useCallback(() => setSearchOpen(false), []);

  return (
    <header className="topbar">
      <nav className="topbar__nav" aria-label="Main">
        <Link to={pathTo('home')} className="brand">
          <span className="brand__logo" aria-hidden="true">◎</span>
          <span className="brand__text">{PRODUCT_NAME}</span>
        </Link>
        <div className="topbar__actions">
          <NavLink to={pathTo('home')} end className="icon-btn topbar__link" aria-label="Feed">
            <HomeIcon />
          </NavLink>
          <NavLink to={pathTo('explore')} className="icon-btn topbar__link" aria-label="Explore">
            <CompassIcon />
          </NavLink>
          <button type="button" className="icon-btn" aria-label="Search users" onClick={() => setSearchOpen(true)}>
            <SearchIcon />
          </button>
          <ThemeSwitch />
          {auth && (
            <Link to={pathTo('profile', { userHandler: auth.user.userHandler })} className="topbar__avatar" aria-label="My profile">
              <Avatar src={auth.user.pic} name={fullName(auth.user)} size={34} decorative />
            </Link>
          )}
        </div>
      </nav>
      {searchOpen && (
        <SearchOverlay
          onClose={closeSearch}
          onChoose={(user) => {
            setSearchOpen(false);
            navigate(pathTo('profile', { userHandler: user.userHandler }));
          }}
        />
      )}
    </header>
  );
}
