import { describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { useAuthStore } from '../../stores/auth';
import { saveSession } from '../../stores/persistedSession';
import { signOut } from './signOut';

describe('Sign Out', () => {
  it('tells the server with the token, then forgets the session', async () => {
    const api = mockApi().on(ROUTES.logout, { status: 200, body: { message: 'Signed out.' } });
    saveSession('tok-1', 7);
    await signOut();
    expect(api.callsTo(ROUTES.logout)[0].headers.Authorization).toBe('Bearer tok-1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('signs this browser out even when the server never answers', async () => {
    let asked = 0;
    // A stalled connection: the request is never answered, only given up by its signal.
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      asked += 1;
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    });
    saveSession('tok-2', 8);
    await signOut(50);
    expect(asked).toBe(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAuthStore.getState().userId).toBeNull();
  });
});
