import { Module } from '@nestjs/common';
import { PresenceStore } from './presence.store';

/** Who is online (PresenceStore), for the lists and screens that show a dot. */
@Module({ providers: [PresenceStore], exports: [PresenceStore] })
export class PresenceModule {}
