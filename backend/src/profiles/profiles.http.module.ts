import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { RatingsModule } from '../ratings/ratings.module';
import { ProfilesController } from './profiles.controller';
import { ProfileCacheModule } from './profile-cache.module';
import { ProfilesService } from './profiles.service';

/** Stats and public profiles (read-only). */
@Module({
  imports: [RatingsModule, SessionsModule, ProfileCacheModule],
  controllers: [ProfilesController],
  providers: [ProfilesService],
})
export class ProfilesHttpModule {}
