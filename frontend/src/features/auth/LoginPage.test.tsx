import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { LoginPage } from './LoginPage';

async function submit(user: ReturnType<typeof renderPage>['user'], identifier: string, password: string) {
  if (identifier) await user.type(screen.getByLabelText('Username or Email'), identifier);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the login form', () => {
  it('asks for both fields before calling the server', async () => {
    const api = mockApi();
    const { user } = renderPage(<LoginPage />);
    await submit(user, '', '');
    expect(screen.getByText('Username or Email is required.')).toBeVisible();
    expect(screen.getByText('Password is required.')).toBeVisible();

    await submit(user, '   ', 'hoops123');
    expect(screen.getByText('Username or Email is required.')).toBeVisible();
    expect(screen.queryByText('Password is required.')).toBeNull();
    expect(api.callsTo(ROUTES.login)).toHaveLength(0);
  });

  it("shows the server's message when it refuses, and sends the trimmed identifier without a token", async () => {
    const api = mockApi().on(ROUTES.login, { status: 401, body: { message: 'Invalid username/email or password.' } });
    const { user } = renderPage(<LoginPage />);
    await submit(user, '  casey ', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username/email or password.');
    const [sent] = api.callsTo(ROUTES.login);
    expect(sent.body).toEqual({ identifier: 'casey', password: 'wrong' });
    expect(sent.headers.Authorization).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('falls back to the spec text when the server gives no message', async () => {
    mockApi().on(ROUTES.login, { status: 500 });
    const { user } = renderPage(<LoginPage />);
    await submit(user, 'casey', 'hoops123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('says so when the server cannot be reached', async () => {
    mockApi().on(ROUTES.login, 'network-error');
    const { user } = renderPage(<LoginPage />);
    await submit(user, 'casey', 'hoops123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect to the server.');
  });

  it('clears the old complaint once the player fixes the form', async () => {
    mockApi().on(ROUTES.login, { status: 401, body: { message: 'Invalid username/email or password.' } });
    const { user } = renderPage(<LoginPage />);
    await submit(user, 'casey', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username/email or password.');
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Password is required.')).toBeVisible();
    expect(screen.queryByText('Invalid username/email or password.')).toBeNull();
  });
});
