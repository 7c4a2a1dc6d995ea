import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../api/queryClient';
import { useSocketStatusStore } from '../realtime/socket';
import { useAuthStore } from '../stores/auth';

interface Options {
  /** The URL the page opens at, e.g. '/pregame/5?matchType=1v1'. */
  at?: string;
  /** The route pattern the page is mounted under, e.g. '/pregame/:matchId'. */
  path?: string;
  /** Log in as this player first. */
  as?: { userId: number; token?: string };
  /** Whether pushes reach the tab (default: yes, so live queries do not poll). */
  socket?: 'up' | 'down';
}

/** Renders one screen as the app does: its own query cache, the router, the session. */
export function renderPage(ui: ReactElement, { at = '/', path = '*', as, socket = 'up' }: Options = {}) {
  if (as) useAuthStore.getState().login(as.token ?? `token-${as.userId}`, as.userId);
  useSocketStatusStore.setState({ connected: socket === 'up', sessionCount: socket === 'up' ? 1 : 0 });
  const client = createQueryClient();
  // No pause between keystrokes: the forms react per change, not per timer.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, client };
}
