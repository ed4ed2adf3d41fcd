import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * What a developer needs when no SMTP server is configured (the code or the link). Logged only
   * by the file fallback; real deliveries never log it.
   */
  devHint?: string;
};

export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

const fromAddress = (c: Config) => {
  const domain = c.supportEmail.split('@')[1] ?? 'example.com';
  return { name: c.productName, address: `no-reply@${domain}` };
};

function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const from = fromAddress(config);
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send({ devHint: _hint, ...m }) {
        await transport.sendMail({ from, ...m });
        log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  // Development fallback: the message as an .eml file, and the hint in the log.
  const dir = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ devHint, ...m }) {
      const info = await transport.sendMail({ from, ...m });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: m.to, subject: m.subject, file }, `mail written (no SMTP_URL)${devHint ? `: ${devHint}` : ''}`);
    },
    close: () => transport.close(),
  };
}

export default fp(async function mailPlugin(app: FastifyInstance, opts: { mailer?: Mailer }) {
  const mailer = opts.mailer ?? createMailer(app.config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
});
