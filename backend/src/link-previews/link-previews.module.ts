import { Module } from '@nestjs/common';
import { LinkPreviews } from './link-previews';

/** Server-rendered link preview tags of the SPA page (API only). */
@Module({ providers: [LinkPreviews], exports: [LinkPreviews] })
export class LinkPreviewsModule {}
