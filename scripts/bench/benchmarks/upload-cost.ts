// What an image upload costs through the real HTTP server (PATCH /api/about/update/{id}, the
// admin's own profile image): a normal avatar (1024 x 1024 photo-like JPEG, inspected,
// re-encoded and thumbnailed) vs a ~100 kB PNG declaring 6000 x 6000 pixels, which the avatar
// limit (16.8 Mpx) refuses from its header. Goal: refusing the big PNG costs no more than a
// normal avatar (ratio <= 1). Reference: the same PNG decoded and re-encoded in-process under the
// media limit (40 Mpx), i.e. the CPU the header check saves on every such upload.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { receiveUpload } from '../../../apps/api/src/lib/uploads/index';
import { BENCH_ADMIN } from '../lib/context';
import { median, round, summary, timeIt } from '../lib/stats';
import type { Benchmark } from '../lib/types';
import { sized } from '../lib/short';

const ITERATIONS = sized(15, 2);

async function signIn(url: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  const body = (await res.json()) as { data?: { accessToken: string; user: { id: number } } };
  if (res.status !== 200 || !body.data) throw new Error(`login answered ${res.status}`);
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';
  return { token: body.data.accessToken, csrf: decodeURIComponent(csrf), userId: body.data.user.id };
}

export const uploadCostBenchmark: Benchmark = {
  name: 'upload-cost',
  description: 'profile image upload p50: 6000x6000 PNG (refused) vs a normal 1024x1024 avatar',
  async run(ctx) {
    const app = await ctx.app();
    const s = await signIn(app.url);
    const avatar = await sharp({
      create: { width: 1024, height: 1024, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const big = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#f0f4f8' } })
      .png()
      .toBuffer();

    const upload = (content: Buffer, name: string, status: number) => async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ firstname: 'Bench', lastname: 'Admin', primaryColor: '#143f6f', secondaryColor: '#0d97fd' }))
        form.set(k, v);
      form.set('profile', new Blob([new Uint8Array(content)], { type: 'image/png' }), name);
      const res = await fetch(`${app.url}/api/about/update/${s.userId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${s.token}`, 'x-xsrf-token': s.csrf },
        body: form,
      });
      const text = await res.text();
      if (res.status !== status) throw new Error(`upload of ${name} answered ${res.status}: ${text.slice(0, 200)}`);
    };
    const normal = await timeIt(upload(avatar, 'avatar.jpg', 200), { warmup: 3, iterations: ITERATIONS });
    const refused = await timeIt(upload(big, 'big.png', 413), { warmup: 3, iterations: ITERATIONS });

    // Reference: what accepting that PNG costs (decode + re-encode), in this process.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
    let decoded: number[];
    try {
      decoded = await timeIt(
        async () => {
          const up = await receiveUpload(Readable.from([big]), { maxBytes: 10e6, allowed: 'image', use: 'media', dir });
          await up.cleanup();
        },
        { warmup: 1, iterations: 3 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return [
      {
        id: 'upload.avatar',
        label: `avatar upload p50 (1024x1024 JPEG, ${round(avatar.length / 1024, 0)} kB)`,
        value: round(median(normal), 1),
        unit: 'ms',
        details: summary(normal),
      },
      {
        id: 'upload.big-refused',
        label: `6000x6000 PNG (${round(big.length / 1024, 0)} kB) refused p50`,
        value: round(median(refused), 1),
        unit: 'ms',
        details: summary(refused),
      },
      {
        id: 'upload.ratio',
        label: 'refused 6000x6000 / normal avatar p50',
        value: round(median(refused) / median(normal), 3),
        unit: 'x',
        goal: { op: '<=', value: 1 },
      },
      {
        id: 'upload.big-decoded',
        label: '6000x6000 PNG decoded + re-encoded (media limit, reference) p50',
        value: round(median(decoded), 0),
        unit: 'ms',
        details: summary(decoded),
      },
    ];
  },
};
