import { spawn, spawnSync } from 'node:child_process';

/**
 * A video's poster frame through ffmpeg, when one is installed (Debian's `ffmpeg` package, kept
 * up to date with the system; FFMPEG_PATH names another). No npm package was used: the one that
 * installs here ships a 2018 static build, and a decoder that old should not read files that
 * strangers upload. Without ffmpeg, videos simply have no thumbnail (the list shows their icon).
 *
 * Hardened for untrusted input: the demuxer is fixed to what the content check found (an MP4 or
 * WebM cannot pose as a playlist or a concat list that names other files), only the file protocol
 * is allowed, one frame is decoded, the output is capped and the process killed after a time limit.
 */

export type PosterOptions = { ffmpegPath: string; mimeType: string; durationSeconds?: number; timeoutMs?: number };

/** The demuxer for each accepted video type (lib/uploads CATEGORY_TYPES.media). */
const DEMUXERS: Record<string, string> = { 'video/mp4': 'mov', 'video/quicktime': 'mov', 'video/webm': 'matroska' };
const MAX_OUTPUT = 32 * 1024 * 1024;

/** 'ffmpeg' on the PATH, a given path, or null when there is none (FFMPEG_PATH=off: none wanted). */
export function findFfmpeg(configured: string | undefined): string | null {
  if (configured === 'off') return null;
  const candidate = configured || 'ffmpeg';
  const probe = spawnSync(candidate, ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 5_000 });
  return probe.status === 0 ? candidate : null;
}

/** A PNG of the frame a second in (or a tenth of a short clip), or null when there is none to take. */
export function videoPoster(file: string, options: PosterOptions): Promise<Buffer | null> {
  const demuxer = DEMUXERS[options.mimeType];
  if (!demuxer) return Promise.resolve(null);
  const at = Math.min(1, (options.durationSeconds ?? 0) / 10);
  const args = [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-protocol_whitelist',
    'file',
    '-f',
    demuxer,
    '-ss',
    at.toFixed(3),
    '-i',
    file,
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-vf',
    "scale='min(1280,iw)':-2",
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    'pipe:1',
  ];
  return new Promise((resolve) => {
    const child = spawn(options.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (value: Buffer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    // Given up: killed, and answered at once (a process it started could still hold the pipe open).
    const giveUp = () => {
      child.kill('SIGKILL');
      child.stdout.destroy();
      settle(null);
    };
    const timer = setTimeout(giveUp, options.timeoutMs ?? 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) giveUp();
      else chunks.push(chunk);
    });
    child.on('error', () => settle(null));
    child.on('close', (code) => settle(code === 0 && size > 0 ? Buffer.concat(chunks) : null));
  });
}
