import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a random port that keeps what it receives, so tests read the mail the
 * worker sent over SMTP and follow its link.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  /** Mails still to refuse with a temporary error (451), to make a sender fail once and retry. */
  refuseNext = 0;
  private waiters: { match: (m: ReceivedMail) => boolean; done: (m: ReceivedMail) => void }[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (this.refuseNext > 0) {
          this.refuseNext -= 1;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        this.mails.push(mail);
        this.waiters = this.waiters.filter((w) => (w.match(mail) ? (w.done(mail), false) : true));
        callback();
      });
    },
  });
  port = 0;

  async start(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    this.port = (this.server.server.address() as { port: number }).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves with the next (or an already received) mail to `address`. */
  waitFor(address: string, predicate: (m: ReceivedMail) => boolean = () => true, timeoutMs = 15000): Promise<ReceivedMail> {
    const match = (m: ReceivedMail) => m.to.includes(address) && predicate(m);
    const existing = this.mails.find(match);
    if (existing) return Promise.resolve(existing);
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no mail to ${address} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        done: (m) => {
          clearTimeout(timer);
          done(m);
        },
      });
    });
  }

  stop(): Promise<void> {
    return new Promise((done) => this.server.close(() => done()));
  }
}

/** The first link in a raw mail that goes to `path` (quoted-printable soft breaks undone). */
export function linkIn(raw: string, path: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = new RegExp(`https?://[^\\s"<>]*/${path}/[A-Za-z0-9_-]+`).exec(text);
  if (!m) throw new Error(`no ${path} link in mail`);
  return m[0];
}
