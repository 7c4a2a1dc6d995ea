import { Inject, Injectable } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import { APP_CONFIG, AppConfig } from '../config/env';
import { UsersRepository } from '../users/users.repository';

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the page, made absolute with PUBLIC_URL. */
  path: string;
}

const CODE = /^[A-HJ-NP-Z2-9]{6}$/;
const MARK = /<!--gotnext:meta-->[\s\S]*?<!--\/gotnext:meta-->/;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Link previews (docs/product.md#link-previews): the Open Graph and Twitter card tags of the page a
 * shared link opens, written into index.html by the server for home, a public profile and a match
 * invite; every other path keeps the home tags. The SPA itself is unchanged. Nothing a visitor
 * could not see on the page goes into a tag: a profile names only the username, an invite only its code.
 */
@Injectable()
export class LinkPreviews {
  constructor(
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async metaFor(url: string): Promise<PageMeta> {
    const { pathname, searchParams } = new URL(url, 'http://x');
    const home: PageMeta = { title: MSG.previewHomeTitle, description: MSG.previewHomeDescription, path: '/' };
    const profile = /^\/(?:profile|stats)\/(\d{1,9})\/?$/.exec(pathname);
    if (profile) {
      const user = await this.users.findActive(Number(profile[1]));
      if (!user) return home;
      return { title: MSG.previewProfileTitle(user.username), description: MSG.previewProfileDescription(user.username), path: pathname };
    }
    if (pathname === '/join-match' || pathname === '/join-match/') {
      const code = (searchParams.get('code') ?? searchParams.get('match_code') ?? '').toUpperCase();
      if (CODE.test(code)) return { title: MSG.previewInviteTitle, description: MSG.previewInviteDescription(code), path: `/join-match?code=${code}` };
      return { title: MSG.previewInviteTitle, description: MSG.previewInviteNoCode, path: '/join-match' };
    }
    if (/^\/pregame\/\d{1,9}\/?$/.test(pathname)) return { title: MSG.previewLobbyTitle, description: MSG.previewInviteNoCode, path: pathname };
    return home;
  }

  /** index.html with the tags of `meta` in place of the block between the gotnext:meta marks. */
  render(html: string, meta: PageMeta): string {
    const base = this.config.PUBLIC_URL.replace(/\/$/, '');
    const [title, description, url, image] = [meta.title, meta.description, `${base}${meta.path}`, `${base}/icons/icon-512.png`].map(escapeHtml);
    const tags = [
      `<title>${title}</title>`,
      `<meta name="description" content="${description}" />`,
      `<link rel="canonical" href="${url}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="GotNext" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${url}" />`,
      `<meta property="og:image" content="${image}" />`,
      `<meta name="twitter:card" content="summary" />`,
      `<meta name="twitter:title" content="${title}" />`,
      `<meta name="twitter:description" content="${description}" />`,
      `<meta name="twitter:image" content="${image}" />`,
    ].join('\n    ');
    // A function, not a string: a replacement string reads $' $& $1 in a username as patterns.
    return html.replace(MARK, () => `<!--gotnext:meta-->\n    ${tags}\n    <!--/gotnext:meta-->`);
  }
}
