import type { MailMessage } from '../../plugins/mail.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const layout = (product: string, body: string) =>
  `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;max-width:520px;margin:0 auto;padding:24px">` +
  `<h2 style="color:#143f6f;margin-top:0">${esc(product)}</h2>${body}` +
  `<p style="color:#6b7785;font-size:12px;margin-top:32px">If you did not ask for this, you can ignore this e-mail.</p></body></html>`;

export function otpMail(p: { to: string; product: string; code: string; ttlMinutes: number }): MailMessage {
  const minutes = Math.round(p.ttlMinutes);
  return {
    to: p.to,
    subject: `Your ${p.product} verification code`,
    text: `Your ${p.product} verification code is ${p.code}.\n\nIt is valid for ${minutes} minutes and can be used once.\n`,
    html: layout(
      p.product,
      `<p>Your verification code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${esc(p.code)}</p>` +
        `<p>It is valid for ${minutes} minutes and can be used once.</p>`,
    ),
    devHint: `verification code ${p.code}`,
  };
}

export function resetMail(p: { to: string; product: string; link: string; ttlMinutes: number }): MailMessage {
  const minutes = Math.round(p.ttlMinutes);
  return {
    to: p.to,
    subject: `Reset your ${p.product} password`,
    text: `Someone asked to reset the password of your ${p.product} account.\n\nOpen this link to choose a new password (valid for ${minutes} minutes, once):\n${p.link}\n`,
    html: layout(
      p.product,
      `<p>Someone asked to reset the password of your account.</p>` +
        `<p><a href="${esc(p.link)}" style="display:inline-block;background:#0d97fd;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">Reset password</a></p>` +
        `<p>The link is valid for ${minutes} minutes and can be used once.<br><span style="font-size:12px;word-break:break-all">${esc(p.link)}</span></p>`,
    ),
    devHint: `reset link ${p.link}`,
  };
}
