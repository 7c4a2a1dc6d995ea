import { describe, expect, it } from 'vitest';
import { MSG, ROUTES } from '@gotnext/shared';
import { mockApi } from '../test/mockApi';
import { call } from './client';
import { ApiError } from './errors';

describe('the API client’s words', () => {
  it('never hands a player the API’s "No authentication token found"', async () => {
    mockApi().on(ROUTES.me, { status: 401, body: { message: MSG.unauthorized } });
    const err = await call(ROUTES.me, { fallback: MSG.fetchUserFailed }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Your session has ended. Please log in again.');
    expect((err as ApiError).serverMessage).toBe(MSG.unauthorized);
  });

  it('keeps every other refusal in the server’s words', async () => {
    mockApi().on(ROUTES.login, { status: 401, body: { message: MSG.invalidCredentials } });
    const err = await call(ROUTES.login, { body: { identifier: 'x', password: 'y' }, fallback: MSG.loginFailed }).catch((e: unknown) => e);
    expect((err as ApiError).message).toBe(MSG.invalidCredentials);
  });
});
