import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { LinkPreviews } from './link-previews';

/** Server-rendered link preview tags of the SPA page (API only). */
@Module({ imports: [UsersModule], providers: [LinkPreviews], exports: [LinkPreviews] })
export class LinkPreviewsModule {}
