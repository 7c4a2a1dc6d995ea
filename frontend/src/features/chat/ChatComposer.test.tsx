import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { CHAT_MESSAGE_MAX_LENGTH, MSG } from '@gotnext/shared';
import { renderPage } from '../../test/renderPage';
import { useSocketStatusStore } from '../../realtime/socket';
import { ChatComposer } from './ChatComposer';

function compose(props: Partial<Parameters<typeof ChatComposer>[0]> = {}) {
  const onSend = props.onSend ?? vi.fn(async () => undefined);
  const view = renderPage(<ChatComposer label="Message sam" onSend={onSend} {...props} />);
  return { ...view, onSend, input: screen.getByLabelText('Message sam'), send: screen.getByRole('button', { name: 'Send' }) };
}

describe('the chat composer', () => {
  it('does not send a blank message, by button or by Enter', async () => {
    const { user, input, send, onSend } = compose();
    expect(send).toBeDisabled();
    await user.type(input, '   {Enter}');
    expect(send).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the trimmed text with Enter, then empties the box; Shift+Enter is a new line', async () => {
    const { user, input, onSend } = compose();
    await user.type(input, '  Run it back{Shift>}{Enter}{/Shift}at 6  ');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Run it back\nat 6');
    expect(input).toHaveValue('');
  });

  it('says a message is too long, in the server’s words, before sending it', async () => {
    const { user, input, send, onSend } = compose();
    await user.click(input);
    await user.paste('a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.messageTooLong);
    expect(send).toBeDisabled();
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(`${CHAT_MESSAGE_MAX_LENGTH}/${CHAT_MESSAGE_MAX_LENGTH}`)).toBeVisible();
    expect(send).toBeEnabled();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the text and shows why when sending fails', async () => {
    const { user, input, send } = compose({ onSend: async () => Promise.reject(new Error(MSG.sendFailed)) });
    await user.type(input, 'hello');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.sendFailed);
    expect(input).toHaveValue('hello');
  });

  it('is closed, with the reason, when the server would refuse', () => {
    const { input, send } = compose({ disabledReason: MSG.messagesNotAllowed });
    expect(screen.getByText(MSG.messagesNotAllowed)).toBeVisible();
    expect(input).toBeDisabled();
    expect(send).toBeDisabled();
  });

  it('announces typing at most every two seconds', async () => {
    const onTyping = vi.fn();
    const { user, input } = compose({ onTyping });
    await user.type(input, 'hello there');
    expect(onTyping).toHaveBeenCalledTimes(1);
  });

  describe('while the connection is lost', () => {
    afterEach(() => useSocketStatusStore.setState({ online: true }));

    it('keeps the message in a pending bubble and sends it once the connection is back', async () => {
      useSocketStatusStore.setState({ online: false });
      const { user, input, onSend } = compose();
      await user.type(input, 'on my way{Enter}');
      const bubble = within(screen.getByTestId('pending-message'));
      expect(bubble.getByText('on my way')).toBeVisible();
      expect(bubble.getByText(MSG.chatWaitingOffline)).toBeVisible();
      expect(bubble.getByRole('button', { name: 'Retry' })).toBeVisible();
      expect(input).toHaveValue('');
      expect(onSend).not.toHaveBeenCalled();
      act(() => useSocketStatusStore.setState({ online: true }));
      await vi.waitFor(() => expect(screen.queryByTestId('pending-message')).toBeNull());
      expect(onSend).toHaveBeenCalledTimes(1);
      expect(onSend).toHaveBeenCalledWith('on my way');
    });

    it('shows why a pending message failed, and Retry sends it again', async () => {
      useSocketStatusStore.setState({ online: false });
      const onSend = vi.fn().mockRejectedValueOnce(new Error(MSG.connectFailed)).mockResolvedValue(undefined);
      const { user, input } = compose({ onSend });
      await user.type(input, 'gym at 6{Enter}');
      act(() => useSocketStatusStore.setState({ online: true }));
      expect(await screen.findByText(MSG.chatNotSent(MSG.connectFailed))).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await vi.waitFor(() => expect(screen.queryByTestId('pending-message')).toBeNull());
      expect(onSend).toHaveBeenCalledTimes(2);
    });
  });
});
