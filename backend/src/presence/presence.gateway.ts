import { Logger, OnModuleDestroy, UseFilters } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ConnectedSocket, MessageBody, OnGatewayConnection, OnGatewayDisconnect, OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { PRESENCE_WATCH_LIMIT, rooms, type ClientToServerEvents, type PresenceWatchResult, type ServerToClientEvents } from '@gotnext/shared';
import { WsAckExceptionFilter } from '../realtime/ws-ack-exception.filter';
import { PresenceRepository } from './presence.repository';
import { PRESENCE_HEARTBEAT_MS, PresenceStore } from './presence.store';

/** `presenceAs`: the instance id the socket was recorded under (a new one after the instance was swept as dead). */
type PresenceSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { userId?: number; presenceAs?: string }>;

/** The room a player's presence changes go to; only this gateway puts sockets in it (never `room:join`). */
export const presenceRoom = (userId: number) => `presence:${userId}`;

/** Player ids from a client: positive integers, at most PRESENCE_WATCH_LIMIT of them. */
function idsOf(raw: unknown): number[] {
  if (!Array.isArray(raw)) return [];
  return [...new Set(raw.filter((id): id is number => Number.isInteger(id) && id > 0 && id <= 2_147_483_647))].slice(0, PRESENCE_WATCH_LIMIT);
}

/**
 * Presence on the same Socket.IO server as the realtime gateway (Nest shares one server per path;
 * the handshake and its token check stay there): every authenticated socket counts in
 * PresenceStore, and a player's first socket opening or last one closing is pushed to the sockets
 * watching them, except those of players blocked either way (docs/social.md#presence). The
 * instance renews its lease every heartbeat and sweeps dead instances' sockets (PresenceStore), so
 * a killed instance's players go offline, pushed, within a few seconds.
 */
@WebSocketGateway({ path: '/socket.io' })
@UseFilters(new WsAckExceptionFilter())
export class PresenceGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  private readonly logger = new Logger('Presence');
  private heartbeat?: NodeJS.Timeout;
  /** Whom this instance records its sockets as; renewed after the others swept it as dead. */
  private instance = randomUUID();
  private leased = false;
  /** Set when the instance stops: its sockets were signed off already, and Redis is about to close. */
  private closing = false;
  /** Presence work under way; a stopping instance waits for it before PostgreSQL and Redis close. */
  private readonly inFlight = new Set<Promise<void>>();
  @WebSocketServer() server: Server<ClientToServerEvents, ServerToClientEvents>;

  constructor(
    private readonly store: PresenceStore,
    private readonly repository: PresenceRepository,
  ) {}

  afterInit(): void {
    this.heartbeat = setInterval(() => void this.beat(), PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
    void this.beat();
  }

  /**
   * A stopping instance signs its sockets off while Redis is still open (their clients reconnect
   * to another instance and come back online there), instead of leaving them to expire.
   */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    // Disconnects that arrived just before the stop are still reading blocks: TypeORM hands their
    // connections back when it closes, and a read still running there would then share its
    // connection with another (pg warns "client is already executing a query").
    await Promise.allSettled([...this.inFlight]);
    for (const socket of this.localSockets()) await this.signOff(socket, true);
    await this.guard('retire', () => this.store.retire(this.instance));
  }

  async handleConnection(socket: PresenceSocket): Promise<void> {
    const userId = socket.data.userId;
    if (!userId) return;
    await this.guard('connect', async () => {
      socket.data.presenceAs = this.instance;
      const cameOnline = await this.store.connected(this.instance, userId, socket.id);
      // Closed while we were recording it: its disconnect may have run first, so undo our record.
      if (!socket.connected) return this.signOff(socket);
      if (cameOnline) await this.announce(userId, true);
    });
  }

  async handleDisconnect(socket: PresenceSocket): Promise<void> {
    if (!this.closing) await this.signOff(socket);
  }

  private async signOff(socket: PresenceSocket, duringShutdown = false): Promise<void> {
    const userId = socket.data.userId;
    const as = socket.data.presenceAs;
    if (!userId || !as) return;
    await this.guard('disconnect', async () => {
      if (await this.store.disconnected(as, userId, socket.id)) await this.announce(userId, false, duringShutdown);
    });
  }

  /** Start receiving `presence:changed` for these players; the answer says who of them is online now. */
  @SubscribeMessage('presence:watch')
  async watch(@ConnectedSocket() socket: PresenceSocket, @MessageBody() raw: unknown): Promise<PresenceWatchResult> {
    const viewerId = socket.data.userId!;
    const ids = await this.repository.watchable(viewerId, idsOf(raw));
    await socket.join(ids.map(presenceRoom));
    const online = await this.store.onlineAmong(ids);
    return { online: ids.filter((id) => online.has(id)) };
  }

  @SubscribeMessage('presence:unwatch')
  async unwatch(@ConnectedSocket() socket: PresenceSocket, @MessageBody() raw: unknown): Promise<void> {
    for (const id of idsOf(raw)) await socket.leave(presenceRoom(id));
  }

  private async announce(userId: number, online: boolean, duringShutdown = false): Promise<void> {
    const hidden = (await this.repository.blockedEitherWay(userId)).map((id) => rooms.user(id));
    // A disconnect that began before the instance started stopping must not publish once the
    // adapter's Redis clients may be closing (the adapter would not catch that failure).
    if (this.closing && !duringShutdown) return;
    this.server.to(presenceRoom(userId)).except(hidden).emit('presence:changed', { user_id: userId, online });
  }

  /** This instance's authenticated sockets. */
  private localSockets(): PresenceSocket[] {
    return ([...this.server.of('/').sockets.values()] as PresenceSocket[]).filter((s) => s.data.userId);
  }

  /**
   * Renews the lease, sweeps dead instances (pushing their players' `offline`), and, if this
   * instance was itself swept as dead (an event loop or Redis stalled past its lease), records
   * its sockets again under a new id: the sweep of the old one can then not take them out.
   */
  private async beat(): Promise<void> {
    if (this.closing) return;
    await this.guard('heartbeat', async () => {
      if (!(await this.store.heartbeat(this.instance)) && this.leased) {
        this.logger.warn("presence lease lost: recording this instance's sockets again");
        this.instance = randomUUID();
        await this.store.heartbeat(this.instance);
        for (const socket of this.localSockets()) {
          socket.data.presenceAs = this.instance;
          if (await this.store.connected(this.instance, socket.data.userId!, socket.id)) await this.announce(socket.data.userId!, true);
        }
      }
      this.leased = true;
      for (const userId of await this.store.sweep()) await this.announce(userId, false);
    });
  }

  /** Presence is best effort: Redis trouble is logged, never thrown into Socket.IO. */
  private async guard(what: string, work: () => Promise<void>): Promise<void> {
    const running = work().catch((err: Error) => this.logger.warn(`presence ${what} failed: ${err.message}`));
    this.inFlight.add(running);
    try {
      await running;
    } finally {
      this.inFlight.delete(running);
    }
  }
}
