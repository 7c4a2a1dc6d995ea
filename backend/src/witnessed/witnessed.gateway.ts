import { UseFilters } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { isDbId, isNewScoreEvent, rooms, WITNESSED_MSG, type RoomJoinResult, type ScoreTapAck } from '@gotnext/shared';
import { SocketFastPath } from '../realtime/socket-fast-path';
import { WsAckExceptionFilter } from '../realtime/ws-ack-exception.filter';
import { ScoreRefused } from './score-refused';
import { WitnessedScoresService } from './witnessed-scores.service';

/**
 * The scoreboard on the realtime gateway's server (docs/matches.md#witnessed-score): a scorer's
 * tap, acked once stored (or dropped with why); a spectator joins `scoreboard:{id}` only with
 * the link's token, the room name itself opens nothing (parseRoom knows no such kind).
 */
@WebSocketGateway({ path: '/socket.io' })
@UseFilters(new WsAckExceptionFilter())
export class WitnessedGateway {
  constructor(
    private readonly scores: WitnessedScoresService,
    fastPath: SocketFastPath,
  ) {
    // A tap is the hottest event of a live game: past Nest's per-call pipeline, with the same acks (docs/realtime.md#the-chat-fast-path).
    fastPath.handle('score:tap', (socket, raw) => this.tap(socket, raw));
  }

  @SubscribeMessage('score:tap')
  async tap(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<ScoreTapAck> {
    const userId = socket.data.userId as number;
    const { matchId, ...event } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (!userId || !isDbId(matchId) || !isNewScoreEvent(event)) return { ok: false, reason: 'invalid', message: WITNESSED_MSG.eventsInvalid };
    try {
      await this.scores.throttle(userId, 'socket');
      const done = await this.scores.record(userId, matchId, [event]);
      const stored = done.stored[0] ?? done.duplicates[0];
      return { ok: true, duplicate: done.stored.length === 0, event: stored };
    } catch (err) {
      if (err instanceof ScoreRefused) return { ok: false, reason: err.reason, message: err.text };
      throw err;
    }
  }

  @SubscribeMessage('scoreboard:watch')
  async watch(@ConnectedSocket() socket: Socket, @MessageBody() token: unknown): Promise<RoomJoinResult> {
    const matchId = typeof token === 'string' ? await this.scores.matchOfToken(token) : null;
    if (matchId === null) return { ok: false, message: WITNESSED_MSG.linkNotFound };
    await socket.join(rooms.scoreboard(matchId));
    return { ok: true };
  }

  @SubscribeMessage('scoreboard:unwatch')
  async unwatch(@ConnectedSocket() socket: Socket, @MessageBody() token: unknown): Promise<void> {
    const matchId = typeof token === 'string' ? await this.scores.matchOfToken(token) : null;
    if (matchId !== null) await socket.leave(rooms.scoreboard(matchId));
  }
}
