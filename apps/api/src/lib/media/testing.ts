// Tiny, valid media files built byte by byte for the media tests (not loaded by the app), and
// real encoded video from ffmpeg for the poster frames: no fixture files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A mono 16-bit PCM WAV of `seconds` of silence at `rate` Hz. */
export function wavFile(seconds = 1, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = samples * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28); // byte rate
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits per sample
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(data, 40);
  return b;
}

/** `frames` silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono): 1152 samples, 417 bytes each. */
export function mp3File(frames = 40): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc4]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** EBML variable-size integer of a data size (up to 2^28 - 2). */
function vint(n: number): Buffer {
  if (n < 0x7f) return Buffer.from([0x80 | n]);
  if (n < 0x3fff) return Buffer.from([0x40 | (n >> 8), n & 0xff]);
  if (n < 0x1fffff) return Buffer.from([0x20 | (n >> 16), (n >> 8) & 0xff, n & 0xff]);
  return Buffer.from([0x10 | (n >>> 24), (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
}
const el = (id: number[], ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from(id), vint(body.length), body]);
};
const uint = (id: number[], v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return el(id, b);
};
const str = (id: number[], s: string) => el(id, Buffer.from(s, 'ascii'));
const float = (id: number[], v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(v);
  return el(id, b);
};

/** A WebM header (no frames): one VP8 video track of width x height, `seconds` long. */
export function webmFile(seconds = 2, width = 320, height = 240): Buffer {
  const header = el(
    [0x1a, 0x45, 0xdf, 0xa3],
    uint([0x42, 0x86], 1),
    uint([0x42, 0xf7], 1),
    uint([0x42, 0xf2], 4),
    uint([0x42, 0xf3], 8),
    str([0x42, 0x82], 'webm'),
    uint([0x42, 0x87], 2),
    uint([0x42, 0x85], 2),
  );
  const info = el(
    [0x15, 0x49, 0xa9, 0x66],
    uint([0x2a, 0xd7, 0xb1], 1_000_000),
    float([0x44, 0x89], seconds * 1000),
    str([0x4d, 0x80], 'test'),
    str([0x57, 0x41], 'test'),
  );
  const video = el([0xe0], uint([0xb0], width), uint([0xba], height));
  const track = el([0xae], uint([0xd7], 1), uint([0x73, 0xc5], 1), uint([0x83], 1), str([0x86], 'V_VP8'), video);
  const tracks = el([0x16, 0x54, 0xae, 0x6b], track);
  return Buffer.concat([header, el([0x18, 0x53, 0x80, 0x67], info, tracks)]);
}

const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, body]);
};

/** An MP4 (ISO BMFF) header: ftyp + moov with mvhd (`seconds` long) and one video track of width x height. */
export function mp4File(seconds = 3, width = 640, height = 360): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'ascii'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41', 'ascii'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(seconds * 1000, 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  for (const [i, v] of [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].entries()) mvhd.writeUInt32BE(v, 36 + i * 4);
  mvhd.writeUInt32BE(2, 96); // next track id
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(0x00000003, 0); // version 0, enabled + in movie
  tkhd.writeUInt32BE(1, 12); // track id
  tkhd.writeUInt32BE(seconds * 1000, 20);
  for (const [i, v] of [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].entries()) tkhd.writeUInt32BE(v, 40 + i * 4);
  tkhd.writeUInt32BE(width << 16, 76);
  tkhd.writeUInt32BE(height << 16, 80);
  const mdhd = Buffer.alloc(24);
  mdhd.writeUInt32BE(1000, 12);
  mdhd.writeUInt32BE(seconds * 1000, 16);
  const hdlr = Buffer.concat([Buffer.alloc(8), Buffer.from('vide', 'ascii'), Buffer.alloc(12), Buffer.from('Video\0', 'ascii')]);
  // One visual sample entry ('avc1', 86 bytes: 8 header, 6 reserved, data reference 1, 70 of visual fields).
  const entry = Buffer.alloc(86);
  entry.writeUInt32BE(86, 0);
  entry.write('avc1', 4, 'ascii');
  entry.writeUInt16BE(1, 14);
  entry.writeUInt16BE(width, 32);
  entry.writeUInt16BE(height, 34);
  const stsd = Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), entry]);
  const minf = box('minf', box('stbl', box('stsd', stsd)));
  const trak = box('trak', box('tkhd', tkhd), box('mdia', box('mdhd', mdhd), box('hdlr', hdlr), minf));
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd), trak)]);
}

/**
 * A real, playable video made by ffmpeg (`npm test` installs Debian's ffmpeg): a test pattern of
 * `seconds`, width x height, as MP4 (H.264) or WebM (VP9).
 */
export function encodedVideo(kind: 'mp4' | 'webm', seconds = 2, width = 320, height = 240): Buffer {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'video-')), `v.${kind}`);
  const codec =
    kind === 'mp4' ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'] : ['-c:v', 'libvpx-vp9', '-b:v', '100k'];
  const args = [
    '-nostdin',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${width}x${height}:rate=10`,
    ...codec,
    out,
  ];
  const r = spawnSync('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`ffmpeg could not encode the test video: ${r.stderr?.toString() ?? r.error}`);
  const bytes = readFileSync(out);
  rmSync(path.dirname(out), { recursive: true, force: true });
  return bytes;
}
