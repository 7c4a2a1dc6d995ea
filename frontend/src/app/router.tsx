import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigationType, useRoutes } from 'react-router-dom';
import { routes } from './routes';

/**
 * The declarative router: the data router (createBrowserRouter) brings loaders, actions and fetchers
 * the app does not use and weighs ~12 KB gzip in the first route's JS (docs/api.md#compression).
 */
function AppRoutes() {
  return useRoutes(routes);
}

/** A new page starts at the top; Back and Forward leave the browser's own scroll restoration alone. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <AppRoutes />
    </BrowserRouter>
  );
}
