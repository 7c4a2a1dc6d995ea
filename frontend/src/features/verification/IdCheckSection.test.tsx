import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MSG, ROUTES, type IdCheckStatusResponse, type User } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { IdCheckSection } from './IdCheckSection';

// Downscaling is slow on a busy phone; here each file's downscale finishes when the test says so.
const downscaling = new Map<string, (b: Blob) => void>();
vi.mock('./images', async (original) => ({
  ...(await original<typeof import('./images')>()),
  downscale: (file: File) => new Promise<Blob>((done) => downscaling.set(file.name, done)),
}));

const player = { user_id: 7, first_name: 'Marcus', last_name: 'Johnson', date_of_birth: '1999-06-15', state: 'CA', id_verified: false } as unknown as User;

function show(status: IdCheckStatusResponse, user: User = player) {
  mockApi().on(ROUTES.idCheckStatus, { body: status });
  return renderPage(<IdCheckSection user={user} />, { as: { userId: 7 } });
}

describe('the ID check on /verification', () => {
  it("shows the last failure's reason, and marks the shots to take again", async () => {
    show({ status: 'failed', reason: MSG.idReasons.faceMismatch, retake: ['selfie'], checked_at: '2026-11-23T05:00:00.000Z' });
    const verdict = await screen.findByText(MSG.idVerificationFailed(MSG.idReasons.faceMismatch));
    expect(verdict.closest('[role="alert"]')).toHaveTextContent('Take again: the selfie.');
    const selfie = screen.getByRole('group', { name: /^Selfie/ });
    expect(within(selfie).getByText('Retake')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: /^Front of your licence/ })).queryByText('Retake')).toBeNull();
  });

  it('after the verdict, offers the next step: a ranked match, or back to the invite that sent the player here', async () => {
    mockApi().on(ROUTES.idCheckStatus, { body: { status: 'verified', reason: null, retake: [], checked_at: '2026-11-23T05:00:00.000Z' } });
    const verified = { ...player, id_verified: true } as User;
    const { unmount } = renderPage(<IdCheckSection user={verified} />, { as: { userId: 7 } });
    expect(await screen.findByText('Your ID has been verified.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a ranked match' })).toHaveAttribute('href', '/create-match?ranked=1');
    unmount();
    renderPage(<IdCheckSection user={verified} />, { as: { userId: 7 }, at: '/verification?next=%2Fjoin-match%3Fcode%3DABC234' });
    expect(await screen.findByRole('link', { name: 'Back to the invite' })).toHaveAttribute('href', '/join-match?code=ABC234');
  });

  it('goes back to the invite remembered when verification began there, also after the e-mail link dropped ?next=', async () => {
    mockApi().on(ROUTES.idCheckStatus, { body: { status: 'verified', reason: null, retake: [], checked_at: '2026-11-23T05:00:00.000Z' } });
    localStorage.setItem('verifyingForInvite', '/join-league-match/3?code=ABC234');
    renderPage(<IdCheckSection user={{ ...player, id_verified: true } as User} />, { as: { userId: 7 }, at: '/verification' });
    expect(await screen.findByRole('link', { name: 'Back to the invite' })).toHaveAttribute('href', '/join-league-match/3?code=ABC234');
    localStorage.removeItem('verifyingForInvite');
  });

  it('says the check is running instead of the form while it is pending', async () => {
    show({ status: 'pending', reason: null, retake: [], checked_at: null });
    expect(await screen.findByText(/Checking your ID and selfie/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for verification' })).toBeNull();
    expect(screen.getByText('Checking')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Checking your ID' })).toBeInTheDocument();
    expect(screen.getByText(/usually takes under a minute/)).toBeInTheDocument();
  });

  it("asks for a licence's back, but only the photo page of a passport", async () => {
    const { user } = show({ status: 'not_submitted', reason: null, retake: [], checked_at: null });
    expect(await screen.findByRole('group', { name: /^Back of your licence/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Passport' }));
    expect(screen.queryByRole('group', { name: /^Back of your licence/ })).toBeNull();
    expect(screen.getByRole('group', { name: /^Passport photo page/ })).toBeInTheDocument();
  });

  it('checks the shots before sending anything', async () => {
    const { user } = show({ status: 'not_submitted', reason: null, retake: [], checked_at: null });
    await user.click(await screen.findByRole('button', { name: 'Send for verification' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.selectFile);
  });

  it('asks for the state and birth date first', async () => {
    const { user } = show({ status: 'not_submitted', reason: null, retake: [], checked_at: null }, { ...player, state: 'N/A' } as User);
    await user.click(await screen.findByRole('button', { name: 'Send for verification' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.needStateAndDob);
  });

  it('holds the send until a chosen photo is ready, instead of asking for the photo just chosen', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:front'); // jsdom has no object URLs; the preview needs one
    URL.revokeObjectURL = vi.fn();
    show({ status: 'not_submitted', reason: null, retake: [], checked_at: null });
    const front = await screen.findByLabelText('Front of your licence photo file');
    fireEvent.change(front, { target: { files: [new File(['f'], 'front.jpg', { type: 'image/jpeg' })] } });
    const send = await screen.findByRole('button', { name: 'Preparing photos...' });
    expect(send).toBeDisabled();
    await act(async () => downscaling.get('front.jpg')!(new Blob(['F'])));
    expect(await screen.findByRole('button', { name: 'Send for verification' })).toBeEnabled();
    expect(screen.getByRole('img', { name: 'Front of your licence (taken)' })).toBeInTheDocument();
  });
});
