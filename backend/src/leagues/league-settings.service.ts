import { ForbiddenException, Injectable, BadRequestException } from '@nestjs/common';
import {
  LEAGUE_PERMISSION_NAMES,
  LEAGUE_SETTING_NAMES,
  MSG,
  mayChangeLeaguePermission,
  mayChangeLeagueSetting,
  type League,
  type LeaguePermissions,
  type LeagueRights,
  type LeagueSettings,
} from '@gotnext/shared';
import type { EntityManager } from 'typeorm';
import { PROFILE_PHOTO_SIZE, reencodeImage } from '../common/upload/image';
import { UnitOfWork } from '../database/unit-of-work';
import { MediaRepository } from '../media/media.repository';
import { uploadsPath } from '../media/media-paths';
import { LeagueAccess } from './league-access';
import type { SettingsChange } from './league-settings-form';
import { listedPermissions } from './league-view';
import { LeaguesRepository, type LeagueRow } from './leagues.repository';
import { LeaguesService } from './leagues.service';

/** Where a league's image is stored (served at /uploads/league-images/{id}.jpg). */
export const leagueImageKey = (leagueId: number) => `league-images/${leagueId}.jpg`;

const forbidden = (message: string) => new ForbiddenException({ message });

/**
 * The League Settings modal's call (docs/leagues.md#settings): the toggles, the image and the
 * member rights, by the administrator or a holder of can_edit_settings, read from the database
 * under the league's lock. Nobody grants (or takes away) a right they lack, and nobody touches the
 * administrator's rights or their own.
 */
@Injectable()
export class LeagueSettingsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly leagues: LeaguesRepository,
    private readonly access: LeagueAccess,
    private readonly media: MediaRepository,
    private readonly view: LeaguesService,
  ) {}

  async update(actorId: number, leagueId: number, change: SettingsChange, image?: Buffer): Promise<League> {
    // Checked before the image is decoded: nobody else makes the server do that work.
    if (!(await this.access.standing(leagueId, actorId)).rights.can_edit_settings) throw forbidden(MSG.noSettingsPermission);
    const jpeg = image ? await reencodeImage(image, PROFILE_PHOTO_SIZE) : undefined;
    return this.uow.run(async (tx) => {
      const { league, rights } = await this.access.standing(leagueId, actorId, tx.manager, 'update');
      if (!rights.can_edit_settings) throw forbidden(MSG.noSettingsPermission);
      const settings = this.nextSettings(league, rights, change.settings);
      const grants = await this.permissionChanges(league, actorId, rights, change.permissions, tx.manager);
      if (settings) await this.leagues.updateSettings(leagueId, settings, tx.manager);
      for (const [userId, permissions] of grants) await this.leagues.setPermissions(leagueId, userId, permissions, tx.manager);
      if (jpeg) {
        await this.media.put(leagueImageKey(leagueId), 'image/jpeg', jpeg, tx.manager);
        await this.leagues.setImage(leagueId, uploadsPath(leagueImageKey(leagueId)), tx.manager);
      }
      tx.emit('league.changed', { leagueId });
      return this.view.view(leagueId, actorId, tx.manager);
    });
  }

  /** The settings to store, or null when none changes. */
  private nextSettings(league: LeagueRow, rights: LeagueRights, asked: Partial<LeagueSettings>): LeagueSettings | null {
    const next = Object.fromEntries(LEAGUE_SETTING_NAMES.map((name) => [name, asked[name] ?? league[name]])) as unknown as LeagueSettings;
    const changed = LEAGUE_SETTING_NAMES.filter((name) => next[name] !== league[name]);
    if (changed.some((name) => !mayChangeLeagueSetting(rights, name, next[name]))) throw forbidden(MSG.cannotGrantLacking);
    return changed.length ? next : null;
  }

  /** The members whose rights change, with their new rights; an entry that changes nothing is ignored. */
  private async permissionChanges(
    league: LeagueRow,
    actorId: number,
    rights: LeagueRights,
    asked: Map<number, Partial<LeaguePermissions>>,
    m: EntityManager,
  ): Promise<[number, LeaguePermissions][]> {
    if (!asked.size) return [];
    const members = new Map((await this.leagues.members(league.id, m)).map((member) => [member.user_id, member]));
    const changes: [number, LeaguePermissions][] = [];
    for (const [userId, patch] of asked) {
      const member = members.get(userId);
      if (!member) throw new BadRequestException({ message: MSG.permissionsNotMember });
      const current = listedPermissions(league, member);
      const next = { ...current, ...patch };
      const changed = LEAGUE_PERMISSION_NAMES.filter((flag) => next[flag] !== current[flag]);
      if (!changed.length) continue;
      if (userId === league.creator_id) throw forbidden(MSG.creatorPermissionsFixed);
      if (userId === actorId) throw forbidden(MSG.ownPermissionsFixed);
      if (changed.some((flag) => !mayChangeLeaguePermission(rights, flag))) throw forbidden(MSG.cannotGrantLacking);
      changes.push([userId, next]);
    }
    return changes;
  }
}
