import { Injectable } from '@nestjs/common';
import type { CourtGroupView, CourtMe, CourtPageResponse, CourtQueueUnit } from '@gotnext/shared';
import { CourtsRepository } from './courts.repository';
import { CourtRunsRepository } from './court-runs.repository';
import { queueUnits } from './court-queue-units';
import { COURT_MSG } from '@gotnext/shared';
import { NotFoundException } from '@nestjs/common';

/**
 * A court's page as one player sees it (docs/courts.md#the-court-page): the court, its run (host,
 * who is checked in), the queue in order, the game being called, games today, and the caller's own
 * standing. Reading it keeps the reader's check-in alive (an open page at the court is activity).
 */
@Injectable()
export class CourtPage {
  constructor(
    private readonly courts: CourtsRepository,
    private readonly runs: CourtRunsRepository,
  ) {}

  async read(courtId: number, viewerId: number): Promise<CourtPageResponse> {
    const court = await this.courts.view(courtId, viewerId);
    if (!court) throw new NotFoundException({ message: COURT_MSG.courtNotFound });
    const session = await this.runs.openSession(courtId);
    const gamesToday = await this.runs.gamesToday(courtId);
    const me: CourtMe = { checked_in: false, is_host: false, queued: false, hold_expires_at: null, confirmed: false, group: null, invites: [], lobby_match_id: null };
    const base = { court, games_today: gamesToday, server_time: new Date().toISOString() };
    if (!session) return { ...base, session: null, queue: [], call: null, me };

    const [checkins, rows, groups, call] = await Promise.all([
      this.runs.checkins(session.id),
      this.runs.queue(session.id),
      this.runs.groupMembers(session.id),
      this.runs.pendingCall(session.id),
    ]);
    const present = new Set(checkins.map((c) => c.user_id));
    const live = rows.filter((r) => present.has(r.user_id));
    const host = checkins.find((c) => c.user_id === session.host_id) ?? checkins[0];
    if (!host) return { ...base, session: null, queue: [], call: null, me };

    const queue: CourtQueueUnit[] = queueUnits(live).map((u) => ({
      group_id: u.groupId,
      players: u.rows.map((r) => ({ user_id: r.user_id, username: r.username })),
      status: call && u.rows.some((r) => r.call_id === call.id) ? 'called' : 'waiting',
    }));
    const called = call ? live.filter((r) => r.call_id === call.id) : [];
    const mine = live.find((r) => r.user_id === viewerId);
    if (present.has(viewerId)) {
      await this.runs.touch(session.id, viewerId);
      const groupOf = groups.find((g) => g.user_id === viewerId && g.accepted);
      const group: CourtGroupView | null = groupOf
        ? {
            group_id: groupOf.group_id,
            leader_id: groupOf.leader_id,
            members: groups.filter((g) => g.group_id === groupOf.group_id).map((g) => ({ user_id: g.user_id, username: g.username, accepted: g.accepted })),
          }
        : null;
      Object.assign(me, {
        checked_in: true,
        is_host: host.user_id === viewerId,
        queued: !!mine,
        hold_expires_at: mine && call && mine.call_id === call.id && !mine.confirmed && mine.hold_expires_at ? new Date(mine.hold_expires_at).toISOString() : null,
        confirmed: !!(mine && call && mine.call_id === call.id && mine.confirmed),
        group,
        invites: groups
          .filter((g) => g.user_id === viewerId && !g.accepted)
          .map((g) => ({
            group_id: g.group_id,
            leader: { user_id: g.leader_id, username: groups.find((x) => x.group_id === g.group_id && x.user_id === g.leader_id)?.username ?? '' },
          })),
        lobby_match_id: await this.runs.openLobbyOf(session.id, viewerId),
      } satisfies CourtMe);
    }
    return {
      ...base,
      session: {
        host: { user_id: host.user_id, username: host.username },
        players: checkins.map((c) => ({ user_id: c.user_id, username: c.username })),
        started_at: new Date(session.started_at).toISOString(),
      },
      queue,
      call:
        call && called.length
          ? {
              call_id: call.id,
              hold_expires_at: new Date(Math.max(...called.map((r) => (r.hold_expires_at ? new Date(r.hold_expires_at).getTime() : 0)))).toISOString(),
              players: called.map((r) => ({ user_id: r.user_id, username: r.username, confirmed: r.confirmed })),
            }
          : null,
      me,
    };
  }
}
