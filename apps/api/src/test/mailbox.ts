import { SMTPServer } from 'smtp-server';

/** An in-process SMTP server: tests read the real e-mails the API sends (codes, reset links). */

export type Mail = { to: string[]; subject: string; text: string; html: string; receivedAt: number };

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

const unfold = (headers: string) => headers.replace(/\r?\n[ \t]+/g, ' ');

/** Just enough MIME for nodemailer's multipart/alternative messages. */
function parseMail(raw: string): Omit<Mail, 'to' | 'receivedAt'> {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = unfold(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${headers}\n\n${body}`];
  let text = '';
  let html = '';
  for (const part of parts) {
    const at = part.search(/\r?\n\r?\n/);
    const h = unfold(part.slice(0, at));
    const content = decodeBody(
      h,
      part
        .slice(at)
        .replace(/^\r?\n\r?\n/, '')
        .replace(/\r?\n$/, ''),
    );
    if (/content-type:\s*text\/html/i.test(h)) html = content;
    else if (/content-type:\s*text\/plain/i.test(h)) text = content;
  }
  return { subject, text, html };
}

export async function startMailbox() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ ...parseMail(Buffer.concat(chunks).toString('utf8')), to, receivedAt: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to `to` received after `since` (default: any), waiting for it to arrive. */
    async waitFor(to: string, since = 0, timeoutMs = 10_000): Promise<Mail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(to.toLowerCase()) && m.receivedAt >= since);
        if (found.length) return found[found.length - 1] as Mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    countTo: (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase())).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const codeOf = (mail: Mail) => {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return m[1];
};

export const resetTokenOf = (mail: Mail) => {
  const link = /https?:\/\/\S+\/reset-password\?token=([\w%-]+)/.exec(mail.text);
  if (!link?.[1]) throw new Error(`no reset link in mail: ${mail.text}`);
  return decodeURIComponent(link[1]);
};
