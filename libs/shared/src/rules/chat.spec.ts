import { CHAT_MESSAGE_MAX_LENGTH } from '../constants/chat';
import { MSG } from '../messages';
import { chatLength, chatMessageProblem } from './chat';

describe('the chat text rule (composer and server alike)', () => {
  it('refuses blank messages and anything that is not text', () => {
    for (const blank of ['', '   ', '\n\t', undefined, null, 42]) expect(chatMessageProblem(blank)).toBe(MSG.messageEmpty);
  });

  it('counts characters as players do (an emoji is one) after trimming', () => {
    expect(chatLength('🏀🏀')).toBe(2);
    expect(chatMessageProblem('🏀'.repeat(CHAT_MESSAGE_MAX_LENGTH))).toBeNull();
    expect(chatMessageProblem(` ${'a'.repeat(CHAT_MESSAGE_MAX_LENGTH)} `)).toBeNull();
    expect(chatMessageProblem('a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toBe(MSG.messageTooLong);
    expect(MSG.messageTooLong).toBe('Messages must be at most 1000 characters.');
  });
});
