import { Module } from '@nestjs/common';
import { ProfileCache } from './profile-cache';
import { ProfilesRepository } from './profiles.repository';

/**
 * The shared profile cache, in both processes: the API reads and fills it, and whichever process
 * commits a change (the API's edits and settlements, the worker's ratings and deadlines) makes
 * the entries it touches stale (docs/scaling.md#profile-reads).
 */
@Module({
  providers: [ProfilesRepository, ProfileCache],
  exports: [ProfilesRepository, ProfileCache],
})
export class ProfileCacheModule {}
