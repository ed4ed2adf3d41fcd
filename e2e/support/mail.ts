// Spec-side access to the mails the harness captured (see smtp.ts and global-setup.ts).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export type CapturedMail = {
  id: string;
  receivedAt: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
};

const mailDir = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the specs through playwright.config.ts (its global setup starts the mailbox)');
  return dir;
};

export function allMails(): CapturedMail[] {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CapturedMail);
}

export type MailQuery = {
  to: string;
  subject?: string | RegExp;
  /** Only mails received at or after this time (ms since epoch). */
  since?: number;
  timeoutMs?: number;
};

const matches = (m: CapturedMail, q: MailQuery) =>
  m.to.includes(q.to.toLowerCase()) &&
  (q.since === undefined || m.receivedAt >= q.since) &&
  (q.subject === undefined || (typeof q.subject === 'string' ? m.subject.includes(q.subject) : q.subject.test(m.subject)));

/** Waits for the newest mail matching the query. */
export async function waitForMail(q: MailQuery): Promise<CapturedMail> {
  const deadline = Date.now() + (q.timeoutMs ?? 20_000);
  for (;;) {
    const found = allMails().filter((m) => matches(m, q));
    if (found.length) return found[found.length - 1];
    if (Date.now() > deadline) {
      const seen = allMails()
        .slice(-5)
        .map((m) => `  ${new Date(m.receivedAt).toISOString()} to=${m.to.join(',')} subject="${m.subject}"`)
        .join('\n');
      throw new Error(
        `no mail to ${q.to}${q.subject ? ` with subject ${q.subject}` : ''} arrived in time. Last mails:\n${seen || '  (none)'}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The 6-digit code in a mail (two-step sign-in). */
export function otpCodeOf(mail: CapturedMail): string {
  const m = /\b(\d{6})\b/.exec(mail.text) ?? /\b(\d{6})\b/.exec(mail.html);
  if (!m) throw new Error(`no 6-digit code in mail "${mail.subject}":\n${mail.text}`);
  return m[1];
}

/** The first link in a mail whose URL contains `part` (e.g. '/reset-password'). */
export function linkOf(mail: CapturedMail, part: string): string {
  const urls = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
  const url = urls.find((u) => u.includes(part));
  if (!url) throw new Error(`no link containing ${part} in mail "${mail.subject}":\n${mail.text}`);
  return url;
}
