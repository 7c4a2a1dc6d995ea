import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './api/queryClient';
import { AppRouter } from './app/router';
import { connectRealtimeToQueries, startRealtime } from './realtime';
import './styles.css';
import { applyTheme } from './app/theme';

// The player's light/dark choice before the first React paint (docs/product.md#appearance).
applyTheme();

const queryClient = createQueryClient();
// The socket follows the auth store from here on: open while logged in, closed otherwise; its
// pushes reach server state through one bridge.
connectRealtimeToQueries(queryClient);
startRealtime();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  </StrictMode>,
);
