import { open } from 'node:fs/promises';

/** moov boxes larger than this are not read (real ones are kilobytes to a few megabytes). */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

export interface IsoBmffFacts {
  durationSeconds?: number;
  width?: number;
  height?: number;
}

/**
 * Duration (movie header) and the first video track's size (track header) of an MP4/MOV file.
 * music-metadata only times audio tracks of MP4, so a video-only file would have no duration.
 * Top-level boxes are walked by their headers (mdat is skipped, never read), wherever moov sits.
 * Anything malformed yields no facts rather than an error: the file type was already proven.
 */
export async function readIsoBmffFacts(path: string): Promise<IsoBmffFacts> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(16);
    let pos = 0;
    while (pos + 8 <= size) {
      const { bytesRead } = await fh.read(head, 0, 16, pos);
      if (bytesRead < 8) break;
      let len = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      let headerLen = 8;
      if (len === 1 && bytesRead >= 16) {
        len = Number(head.readBigUInt64BE(8));
        headerLen = 16;
      } else if (len === 0) len = size - pos;
      if (len < headerLen || pos + len > size) break;
      if (type === 'moov') {
        if (len > MAX_MOOV_BYTES) return {};
        const moov = Buffer.alloc(len - headerLen);
        await fh.read(moov, 0, moov.length, pos + headerLen);
        return parseMoov(moov);
      }
      pos += len;
    }
    return {};
  } finally {
    await fh.close();
  }
}

type Box = { type: string; body: Buffer };

function* children(buf: Buffer): Generator<Box> {
  let pos = 0;
  while (pos + 8 <= buf.length) {
    const len = buf.readUInt32BE(pos);
    if (len < 8 || pos + len > buf.length) return;
    yield { type: buf.toString('latin1', pos + 4, pos + 8), body: buf.subarray(pos + 8, pos + len) };
    pos += len;
  }
}

function parseMoov(moov: Buffer): IsoBmffFacts {
  const facts: IsoBmffFacts = {};
  for (const box of children(moov)) {
    if (box.type === 'mvhd' && box.body.length >= 32) {
      const v1 = box.body[0] === 1;
      const timescale = box.body.readUInt32BE(v1 ? 20 : 12);
      const duration = v1 ? Number(box.body.readBigUInt64BE(24)) : box.body.readUInt32BE(16);
      if (timescale > 0 && duration > 0 && duration !== 0xffffffff) facts.durationSeconds = duration / timescale;
    }
    if (box.type === 'trak' && facts.width === undefined) {
      const tkhd = [...children(box.body)].find((b) => b.type === 'tkhd')?.body;
      if (!tkhd) continue;
      const at = tkhd[0] === 1 ? 88 : 76; // width, height as 16.16 fixed point at the end
      if (tkhd.length < at + 8) continue;
      const width = tkhd.readUInt32BE(at) >>> 16;
      const height = tkhd.readUInt32BE(at + 4) >>> 16;
      if (width > 0 && height > 0) Object.assign(facts, { width, height }); // audio tracks say 0 x 0
    }
  }
  return facts;
}
