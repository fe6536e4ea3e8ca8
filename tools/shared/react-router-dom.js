/**
 * What the apps share as 'react-router-dom' (tools/webpack.factory.js): only the parts of the
 * router they use, re-exported from react-router (react-router-dom 7 is react-router plus
 * two server-rendering helpers). Shared modules cannot be tree-shaken across apps, so sharing
 * the whole package cost 61 KB gzip on every first load; this surface is a fraction of it.
 * Using a name not listed here fails the check in shell/test/router-surface.test.ts.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  generatePath,
  matchPath,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
