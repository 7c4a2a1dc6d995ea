import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { router } from './app/router';
import { startRealtime } from './realtime';
import './styles.css';

// The socket follows the auth store from here on: open while logged in, closed otherwise.
startRealtime();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
