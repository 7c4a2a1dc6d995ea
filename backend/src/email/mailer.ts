import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';
import type { AppConfig } from '../config/env';
import type { MailContent } from './email.templates';

export interface Mailer {
  send(to: string, mail: MailContent, link: string): Promise<void>;
  close(): void;
}

/** SMTP_URL when set (mailpit in compose, a real relay in production). */
class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(to: string, mail: MailContent): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, ...mail });
  }
  close(): void {
    this.transport.close();
  }
}

/**
 * Without SMTP the mail is written to the outbox folder as an .eml file. In development its link
 * is logged too, so someone running the app locally can verify and reset from the terminal; in
 * any other mode a link never reaches a log (docs/accounts.md#mail-delivery).
 */
class OutboxMailer implements Mailer {
  private readonly logger = new Logger('Outbox');
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly logLinks: boolean,
  ) {}
  async send(to: string, mail: MailContent, link: string): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, to, ...mail });
    await mkdir(this.dir, { recursive: true });
    // Named by the instant first, so a listing sorts oldest to newest, then a random part: the
    // worker sends five mails at once, and two written in the same millisecond under one subject
    // had the same name, the second replacing the first (docs/accounts.md#mail-delivery).
    const at = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(this.dir, `${at}-${randomBytes(4).toString('hex')}-${mail.subject.replace(/\W+/g, '-')}.eml`);
    await writeFile(file, info.message as Buffer, { flag: 'wx' });
    this.logger.log(`Mail "${mail.subject}" written to ${file} (no SMTP_URL set).${this.logLinks ? ` Link: ${link}` : ''}`);
  }
  close(): void {}
}

export function createMailer(config: AppConfig): Mailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new OutboxMailer(resolve(config.OUTBOX_DIR), config.MAIL_FROM, config.NODE_ENV === 'development');
}
