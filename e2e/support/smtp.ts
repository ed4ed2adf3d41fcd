// In-process SMTP server for the e2e run (started by global setup). Every message is parsed
// and written as JSON into a folder; specs read it with waitForMail() from ./mail.ts.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime';
import type { CapturedMail } from './mail';

export async function startSmtp(dir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        const mail: CapturedMail = {
          id: `${Date.now()}-${String(++seq).padStart(5, '0')}`,
          receivedAt: Date.now(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
          raw,
        };
        const file = path.join(dir, `${mail.id}.json`);
        writeFileSync(`${file}.tmp`, JSON.stringify(mail, null, 2));
        // rename is atomic: readers never see a half-written mail
        renameSync(`${file}.tmp`, file);
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
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
