import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ROUTES } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { SignupPage } from './SignupPage';

type User = ReturnType<typeof renderPage>['user'];

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const signUp = () => screen.getByRole('button', { name: 'Sign Up' });

async function acceptBoth(user: User) {
  await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
  await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
}

/** A date of birth `years` years ago (minus a day, so the birthday has passed). */
function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Replaces a field's text the way a player pasting it would (one change, not one per key). */
async function fill(user: User, label: string, value: string) {
  await user.clear(field(label));
  await user.click(field(label));
  await user.paste(value);
}

async function fillValid(user: User) {
  await fill(user, 'First Name', 'Casey');
  await fill(user, 'Last Name', 'Hooper');
  await fill(user, 'Phone Number', '+15557654321');
  await fill(user, 'Email', 'casey@example.com');
  await fill(user, 'Username', 'casey');
  await fill(user, 'Password', 'hoops123');
  await fill(user, 'Re-enter Password', 'hoops123');
  await fill(user, 'Date of Birth', bornYearsAgo(20));
  await user.selectOptions(field('Country'), 'United States');
  await user.selectOptions(field('State'), 'NY');
  await fill(user, 'Bio', 'Runs the weekend run.');
}

/** The error line of one field (its own message, not any other on the page). */
const errorOf = (label: string) =>
  document.getElementById(
    field(label)
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error')) ?? '',
  )?.textContent ?? null;

describe('the signup form', () => {
  it('keeps Sign Up disabled until both agreements are ticked', async () => {
    const { user } = renderPage(<SignupPage />);
    expect(signUp()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    expect(signUp()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    expect(signUp()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    expect(signUp()).toBeDisabled();
  });

  it('names every empty required field beside it and calls nothing', async () => {
    const api = mockApi();
    const { user } = renderPage(<SignupPage />);
    await acceptBoth(user);
    await user.click(signUp());
    expect(errorOf('First Name')).toBe('First name is required.');
    expect(errorOf('Last Name')).toBe('Last name is required.');
    expect(errorOf('Phone Number')).toBe('Phone number is required.');
    expect(errorOf('Email')).toBe('Email is required.');
    expect(errorOf('Username')).toBe('Username is required.');
    expect(errorOf('Password')).toBe('Password is required.');
    expect(errorOf('Re-enter Password')).toBe('Please confirm your password.');
    expect(errorOf('Date of Birth')).toBe('Date of birth is required.');
    expect(errorOf('Country')).toBe('Country selection is required.');
    expect(errorOf('Bio')).toBe('Bio is required.');
    expect(errorOf('Height')).toBeNull(); // optional
    expect(api.callsTo(ROUTES.signup)).toHaveLength(0);
    // On a phone the first problem may be far above the button: the form takes the player there.
    await waitFor(() => expect(field('First Name')).toHaveFocus());
  });

  it('refuses malformed values with their own messages', async () => {
    const { user } = renderPage(<SignupPage />);
    await fillValid(user);
    await fill(user, 'Phone Number', '555-CALL-NOW');
    await fill(user, 'Email', 'casey@example');
    await fill(user, 'Password', 'hoop');
    await fill(user, 'Date of Birth', bornYearsAgo(15));
    await user.selectOptions(field('State'), '');
    await acceptBoth(user);
    await user.click(signUp());
    await waitFor(() => expect(field('Phone Number')).toHaveFocus());
    expect(errorOf('Phone Number')).toBe('Phone number is invalid.');
    expect(errorOf('Email')).toBe('Email is invalid.');
    expect(errorOf('Password')).toBe('Password must be at least 6 characters.');
    expect(errorOf('Re-enter Password')).toBe('Passwords do not match.');
    expect(errorOf('Date of Birth')).toBe('You must be at least 16 years old to sign up.');
    expect(errorOf('State')).toBe('State selection is required.');
    expect(errorOf('First Name')).toBeNull();
  });

  it('forgets a field’s complaint as soon as the player edits it', async () => {
    const { user } = renderPage(<SignupPage />);
    await acceptBoth(user);
    await user.click(signUp());
    expect(errorOf('Username')).toBe('Username is required.');
    // The form takes the player to the first problem before they go on typing.
    await waitFor(() => expect(field('First Name')).toHaveFocus());
    await fill(user, 'Username', 'c');
    expect(errorOf('Username')).toBeNull();
    expect(errorOf('Email')).toBe('Email is required.');
  });

  it("shows the server's refusal, or the spec fallback when it gives no message", async () => {
    const api = mockApi().on(ROUTES.signup, { status: 409, body: { message: 'Username is already taken.' } });
    const { user } = renderPage(<SignupPage />);
    await fillValid(user);
    await acceptBoth(user);
    await user.click(signUp());
    expect(await screen.findByRole('alert')).toHaveTextContent('Username is already taken.');
    expect(api.callsTo(ROUTES.signup)[0].body).toMatchObject({ username: 'casey', state: 'NY', height: null });

    api.on(ROUTES.signup, { status: 500 });
    await user.click(signUp());
    expect(await screen.findByText('Something went wrong.')).toBeVisible();
  });

  it('confirms the new account, empties the form, logs the player in and shows Get started', async () => {
    mockApi()
      .on(ROUTES.signup, { status: 201, body: { message: 'Account created successfully!', user_id: 7, token: 'new-session' } })
      .on(ROUTES.me, { body: { user: { user_id: 7, username: 'casey', email_verified: false, id_verified: false, verified: false } } })
      .on(ROUTES.userStats, { body: { user_id: 7, username: 'casey', match_history: [], match_statistics: { games_played: 0, total_disputes: 0 } } });
    const { user } = renderPage(<SignupPage />);
    await fillValid(user);
    await acceptBoth(user);
    await user.click(signUp());
    expect(await screen.findByRole('status')).toHaveTextContent('Account created successfully!');
    expect(field('Username')).toHaveValue('');
    expect(signUp()).toBeDisabled(); // the agreements are unticked again
    expect(localStorage.getItem('token')).toBe('new-session');
    expect(localStorage.getItem('user_id')).toBe('7');
    expect(await screen.findByRole('region', { name: 'Get started' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Verify your e-mail' })).toHaveAttribute('href', '/verification');
  });
});
