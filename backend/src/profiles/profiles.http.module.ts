import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { RatingsModule } from '../ratings/ratings.module';
import { ProfilesController } from './profiles.controller';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

/** Stats and public profiles (read-only). */
@Module({
  imports: [RatingsModule, SessionsModule],
  controllers: [ProfilesController],
  providers: [ProfilesRepository, ProfilesService],
})
export class ProfilesHttpModule {}
