import { Logger } from '@nestjs/common';
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
  constructor(url: string, private readonly from: string) {
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
 * Without SMTP the mail is written to the outbox folder as an .eml file and its link is logged,
 * so someone running the app locally can still verify and reset. Only used without SMTP_URL.
 */
class OutboxMailer implements Mailer {
  private readonly logger = new Logger('Outbox');
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(private readonly dir: string, private readonly from: string) {}
  async send(to: string, mail: MailContent, link: string): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, to, ...mail });
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.subject.replace(/\W+/g, '-')}.eml`);
    await writeFile(file, info.message as Buffer);
    this.logger.log(`Mail "${mail.subject}" written to ${file} (no SMTP_URL set). Link: ${link}`);
  }
  close(): void {}
}

export function createMailer(config: AppConfig): Mailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new OutboxMailer(resolve(config.OUTBOX_DIR), config.MAIL_FROM);
}
