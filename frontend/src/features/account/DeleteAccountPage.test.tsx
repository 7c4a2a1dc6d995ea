import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { useAuthStore } from '../../stores/auth';
import { DeleteAccountPage } from './DeleteAccountPage';

describe('the delete-account page', () => {
  it('asks for the password before calling the server', async () => {
    const api = mockApi();
    const { user } = renderPage(<DeleteAccountPage />, { as: { userId: 7 } });
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(screen.getByText('Password is required.')).toBeVisible();
    expect(api.callsTo(ROUTES.deleteAccount)).toHaveLength(0);
  });

  it('asks for the typed confirmation before calling the server', async () => {
    const api = mockApi();
    const { user } = renderPage(<DeleteAccountPage />, { as: { userId: 7 } });
    await user.type(screen.getByLabelText('Password'), 'hoops123');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELET');
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Type DELETE to confirm');
    expect(api.callsTo(ROUTES.deleteAccount)).toHaveLength(0);
  });

  it("shows the server's message for a wrong password and stays logged in", async () => {
    const api = mockApi().on(ROUTES.deleteAccount, { status: 403, body: { message: 'Password is incorrect.' } });
    const { user } = renderPage(<DeleteAccountPage />, { as: { userId: 7 } });
    await user.type(screen.getByLabelText('Password'), 'not-mine');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password is incorrect.');
    expect(api.callsTo(ROUTES.deleteAccount)[0].body).toEqual({ password: 'not-mine' });
    expect(useAuthStore.getState().token).toBe('token-7');
    expect(screen.getByRole('button', { name: 'Confirm Delete' })).toBeEnabled();
  });

  it('logs out once the account is deleted', async () => {
    mockApi().on(ROUTES.deleteAccount, { status: 200, body: { message: 'Your account has been deleted.' } });
    const { user } = renderPage(<DeleteAccountPage />, { as: { userId: 7 } });
    await user.type(screen.getByLabelText('Password'), 'hoops123');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    await expect.poll(() => useAuthStore.getState().token).toBeNull();
  });
});
