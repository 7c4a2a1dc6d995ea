import { BadRequestException } from '@nestjs/common';
import { chatMessageProblem } from '@gotnext/shared';

/**
 * The text of a message as stored: trimmed, never blank, within CHAT_MESSAGE_MAX_LENGTH, else a
 * 400 in the composer's own words (libs/shared/src/rules/chat.ts).
 */
export function chatText(raw: unknown): string {
  const problem = chatMessageProblem(raw);
  if (problem) throw new BadRequestException({ message: problem });
  return (raw as string).trim();
}
