// Hostile and metadata-laden image fixtures for the uploads tests (not loaded by the app).
import sharp from 'sharp';

const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

/**
 * A 60 x 40 JPEG whose EXIF says: turn 90 degrees (orientation 6), taken by 'SpyCam' of
 * 'secret-owner', at 48°51'29.64"N 2°17'40.20"E (GPS IFD). Shown upright it is 40 x 60.
 */
export const jpegWithGps = () =>
  solid(60, 40, '#c03030')
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4020/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

export const TRAILING_HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A valid PNG with an HTML page glued after its IEND chunk. */
export const pngWithTrailingHtml = async () => Buffer.concat([await solid(32, 32, '#0d97fd').png().toBuffer(), Buffer.from(TRAILING_HTML)]);

export const POLYGLOT_SCRIPT = '*/=alert("polyglot");';

/**
 * A GIF that is also JavaScript: 10799 px wide, so its header reads `GIF89a/*` (the width's
 * little-endian bytes are '/' and '*'), opening a comment that the script after the GIF
 * trailer closes: `GIF89a/* ...image... * /=alert("polyglot");` runs if loaded as a script.
 */
export async function gifJsPolyglot(): Promise<Buffer> {
  const gif = await solid(10_799, 1, '#000000').gif().toBuffer();
  return Buffer.concat([gif, Buffer.from(POLYGLOT_SCRIPT)]);
}

/** A GIF of `frames` frames of w x h, each its own colour, with per-frame delays and endless loop. */
export async function animatedGif(w: number, h: number, frames: number): Promise<Buffer> {
  const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
  const raw = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      solid(w, h, colours[i % 4]!)
        .raw()
        .toBuffer(),
    ),
  );
  const delay = Array.from({ length: frames }, (_, i) => 100 * (i + 1));
  return sharp(Buffer.concat(raw), { raw: { width: w, height: h * frames, channels: 3, pageHeight: h } })
    .gif({ delay, loop: 0 })
    .toBuffer();
}

/** Whether a raw EXIF block (as sharp's metadata().exif gives it) has a GPS IFD (tag 0x8825 in IFD0). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  for (let i = 0, n = u16(ifd0); i < n; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** Everything a served image file could leak, in one object for a single assertion. */
export async function leaks(file: Buffer) {
  const meta = await sharp(file).metadata();
  const text = file.toString('latin1');
  return {
    exif: meta.exif !== undefined,
    gps: exifHasGps(meta.exif),
    xmp: meta.xmp !== undefined,
    orientation: meta.orientation ?? 1,
    camera: text.includes('SpyCam') || text.includes('secret-owner'),
    script: text.includes('<script') || text.includes('alert('),
  };
}

export const NO_LEAKS = { exif: false, gps: false, xmp: false, orientation: 1, camera: false, script: false };
