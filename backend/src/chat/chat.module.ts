import { Module } from '@nestjs/common';
import { ChatRateLimiter } from './chat-rate-limiter';

/**
 * The pieces every chat shares (direct messages, league chat): the send rate limit on Redis. The
 * text rule (chat-text.ts) and cursor paging (chat-page.ts) are plain functions.
 */
@Module({ providers: [ChatRateLimiter], exports: [ChatRateLimiter] })
export class ChatModule {}
