import type { MailKind } from '../jobs/queues';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The body of each mail the product sends. */
export function renderEmail(kind: MailKind, rawLink: string): MailContent {
  const link = escape(rawLink);
  if (kind === 'verify_email') {
    return {
      subject: 'Verify your GotNext email',
      text: `Welcome to GotNext!\n\nConfirm your e-mail address by opening this link (valid for 24 hours):\n${rawLink}\n\nIf you did not sign up, ignore this mail.`,
      html: `<p>Welcome to GotNext!</p><p>Confirm your e-mail address (the link is valid for 24 hours):</p><p><a href="${link}">${link}</a></p><p>If you did not sign up, ignore this mail.</p>`,
    };
  }
  return {
    subject: 'Reset your GotNext password',
    text: `Someone asked to reset your GotNext password.\n\nChoose a new one here (valid for 1 hour):\n${rawLink}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
    html: `<p>Someone asked to reset your GotNext password.</p><p>Choose a new one here (the link is valid for 1 hour):</p><p><a href="${link}">${link}</a></p><p>If it was not you, ignore this mail.</p>`,
  };
}
