import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MSG, ROUTES, routePath, type DirectMessage, type UserDetails } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { useSocketStatusStore } from '../../realtime/socket';
import { ChatPage } from './ChatPage';

const ME = 7;
const SAM = 9;
let nextId = 1;
const msg = (from: number, message: string, read = false): DirectMessage => ({
  id: nextId++,
  sender_id: from,
  recipient_id: from === ME ? SAM : ME,
  message,
  timestamp: '2026-03-01T18:30:00.000Z',
  read,
});
const sam = (over: Partial<UserDetails> = {}): UserDetails => ({
  user_id: SAM,
  username: 'sam',
  profile_picture: null,
  profile_picture_version: 0,
  preferences: {} as UserDetails['preferences'],
  is_friend: false,
  can_message: true,
  message_refusal: null,
  online: false,
  ...over,
});

function openChat(details: UserDetails, messages: DirectMessage[], next_cursor: number | null = null) {
  const api = mockApi()
    .on(ROUTES.userDetails, { body: details })
    .on(ROUTES.chatHistory, { body: { messages, next_cursor } })
    .on(ROUTES.markChatRead, { body: { message: MSG.messagesMarkedRead } });
  const view = renderPage(<ChatPage />, { at: `/chat/${SAM}`, path: '/chat/:userId', as: { userId: ME } });
  return { ...view, api };
}
const thread = () => within(screen.getByRole('list', { name: 'Chat with sam' }));

describe('the chat screen', () => {
  it('shows the history, marks what they sent read, and says Seen under my last message once read', async () => {
    const { api } = openChat(sam({ online: true }), [msg(SAM, 'You up?'), msg(ME, 'Always.', true)]);
    expect(await screen.findByRole('heading', { name: 'sam' })).toBeVisible();
    expect(
      thread()
        .getAllByTestId('chat-message')
        .map((m) => m.querySelector('p')!.textContent),
    ).toEqual(['You up?', 'Always.']);
    expect(thread().getByText('Seen')).toBeVisible();
    expect(screen.getByRole('img', { name: 'sam is online' })).toBeVisible();
    await expect.poll(() => api.callsTo(ROUTES.markChatRead).length).toBe(1);
    expect(api.callsTo(ROUTES.markChatRead)[0].url.pathname).toBe(routePath(ROUTES.markChatRead.path, { userId: SAM }));
  });

  it('does not say Seen before they read it, and marks nothing when nothing is unread', async () => {
    const { api } = openChat(sam(), [msg(SAM, 'hi', true), msg(ME, 'hey')]);
    await screen.findByText('hey');
    expect(thread().queryByText('Seen')).toBeNull();
    expect(api.callsTo(ROUTES.markChatRead)).toHaveLength(0);
  });

  it('sends a message and shows it at once', async () => {
    const { api, user } = openChat(sam(), []);
    expect(await screen.findByText('No messages yet. Say hello!')).toBeVisible();
    const sent = msg(ME, 'Next game is ours.');
    api.on(ROUTES.sendMessage, { status: 201, body: { message: MSG.messageSent, chat_message: sent } });
    await user.type(screen.getByLabelText('Message sam'), 'Next game is ours.{Enter}');
    expect(await thread().findByText('Next game is ours.')).toBeVisible();
    expect(api.callsTo(ROUTES.sendMessage)[0].body).toEqual({ recipient_id: SAM, content: 'Next game is ours.' });
  });

  it("shows the server's refusal and keeps the text", async () => {
    const { api, user } = openChat(sam(), []);
    api.on(ROUTES.sendMessage, { status: 429, body: { message: MSG.sendingTooFast } });
    await user.type(await screen.findByLabelText('Message sam'), 'spam{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.sendingTooFast);
    expect(screen.getByLabelText('Message sam')).toHaveValue('spam');
  });

  it("is closed with the spec's words when their preferences or a block forbid it", async () => {
    openChat(sam({ can_message: false, message_refusal: MSG.messagesNotAllowed }), []);
    expect(await screen.findByText(MSG.messagesNotAllowed)).toBeVisible();
    expect(screen.getByLabelText('Message sam')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('says "You have blocked this player." to the blocker', async () => {
    openChat(sam({ can_message: false, message_refusal: MSG.youBlocked }), [msg(SAM, 'before the block', true)]);
    expect(await screen.findByText(MSG.youBlocked)).toBeVisible();
    expect(screen.getByText('before the block')).toBeVisible();
    expect(screen.getByLabelText('Message sam')).toBeDisabled();
  });

  it('loads older messages by cursor', async () => {
    const { api, user } = openChat(sam(), [msg(SAM, 'newest', true)], 40);
    await screen.findByText('newest');
    api.on(ROUTES.chatHistory, { body: { messages: [msg(SAM, 'older', true)], next_cursor: null } });
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('older');
    expect(api.callsTo(ROUTES.chatHistory).at(-1)!.url.searchParams.get('before')).toBe('40');
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('says why the chat cannot load', async () => {
    const api = mockApi()
      .on(ROUTES.userDetails, { status: 404, body: { message: 'Player not found.' } })
      .on(ROUTES.chatHistory, { status: 404, body: { message: 'Player not found.' } });
    renderPage(<ChatPage />, { at: `/chat/${SAM}`, path: '/chat/:userId', as: { userId: ME } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Player not found.');
    expect(api.callsTo(ROUTES.userDetails)).toHaveLength(1);
  });

  it('asks a visitor to log in', () => {
    renderPage(<ChatPage />, { at: `/chat/${SAM}`, path: '/chat/:userId' });
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.chatLogin);
  });

  it('keeps the chat and a message waiting to be sent when a read fails while offline', async () => {
    const { api, user, client } = openChat(sam(), [msg(SAM, 'You up?')]);
    await screen.findByText('You up?');
    useSocketStatusStore.setState({ online: false });
    await user.type(screen.getByLabelText('Message sam'), 'Running late');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('pending-message')).toHaveTextContent('Running late');
    api.on(ROUTES.userDetails, 'network-error').on(ROUTES.chatHistory, 'network-error');
    await client.refetchQueries();
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .findAll({ type: 'active' })
          .every((q) => q.state.status === 'error'),
      ).toBe(true),
    );
    await act(async () => undefined);
    expect(screen.getByTestId('pending-message')).toHaveTextContent('Running late');
    expect(thread().getByText('You up?')).toBeVisible();
    useSocketStatusStore.setState({ online: true });
  });
});
