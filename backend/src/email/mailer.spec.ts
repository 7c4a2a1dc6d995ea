import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/env';
import { renderEmail } from './email.templates';
import { createMailer } from './mailer';

describe('the outbox mailer (no SMTP_URL)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gotnext-outbox-'));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every mail when several are written in the same millisecond', async () => {
    // The worker sends five mails at once; this pins the clock to make their instants collide.
    jest.spyOn(Date.prototype, 'toISOString').mockReturnValue('2026-11-28T04:08:50.570Z');
    const mailer = createMailer({ SMTP_URL: '', OUTBOX_DIR: dir, MAIL_FROM: 'GotNext <no-reply@gotnext.test>', NODE_ENV: 'test' } as AppConfig);
    const players = ['ana@example.com', 'ben@example.com', 'cy@example.com'];
    await Promise.all(players.map((to, i) => mailer.send(to, renderEmail('verify_email', `http://localhost/verify-email/token${i}`), '')));

    const files = readdirSync(dir);
    expect(files).toHaveLength(3);
    expect(files.every((f) => f.startsWith('2026-11-28T04-08-50-570Z-') && f.endsWith('-Verify-your-GotNext-email.eml'))).toBe(true);
    const recipients = files.map((f) => /^To: (.+)$/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1]).sort();
    expect(recipients).toEqual(players);
  });
});
