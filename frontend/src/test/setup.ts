import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { SESSION_CHANGED_EVENT } from '../stores/persistedSession';

// Answers come from an in-memory fetch at once; the budget only covers rendering on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
});
