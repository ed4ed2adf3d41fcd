import { type FileHandle, open } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const UTF8_NAMES = 0x0800;
const VERSION = 20;
const DOS_DATE_1980_01_01 = 0x21;
/** Past this a ZIP needs ZIP64 records, which this writer does not write. */
const MAX_OFFSET = 0xfffffffe;

type Written = { name: Buffer; crc: number; size: number; offset: number };

/**
 * Writes a ZIP of stored (uncompressed) entries whose every header tells the truth: each entry's
 * local header is written in place once its data has been streamed and measured, so a streaming
 * unzip (exceljs reads local headers, not the central directory) finds exactly the sizes and the
 * bytes that were counted, no data descriptors, and nothing else. Stored, not deflated: the copy
 * is read once, right away, and deflating it again would only cost CPU.
 */
export class StoredZipWriter {
  private readonly entries: Written[] = [];
  private position = 0;

  private constructor(private readonly file: FileHandle) {}

  static async create(filePath: string): Promise<StoredZipWriter> {
    return new StoredZipWriter(await open(filePath, 'wx', 0o600));
  }

  /** Streams one entry's bytes into the file; the source's errors propagate (the caller removes the file). */
  async add(name: string, data: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> {
    if (this.entries.length >= 0xffff) throw new Error('the copy would need ZIP64');
    const nameBytes = Buffer.from(name, 'utf8');
    const offset = this.position;
    this.position += 30 + nameBytes.length; // the header's place, written once the data is known
    let crc = 0;
    let size = 0;
    for await (const chunk of data) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      await this.write(chunk);
    }
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    writeCommon(header, 6, crc, size);
    header.writeUInt16LE(nameBytes.length, 26);
    await this.file.write(Buffer.concat([header, nameBytes]), 0, header.length + nameBytes.length, offset);
    this.entries.push({ name: nameBytes, crc, size, offset });
  }

  /** Writes the central directory and the end record, and closes the file. */
  async finish(): Promise<void> {
    const start = this.position;
    for (const e of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(CENTRAL_HEADER, 0);
      record.writeUInt16LE(VERSION, 4);
      record.writeUInt16LE(VERSION, 6);
      writeCommon(record, 8, e.crc, e.size);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([record, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.position - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    await this.close();
  }

  async close(): Promise<void> {
    await this.file.close();
  }

  private async write(bytes: Buffer) {
    if (this.position + bytes.length > MAX_OFFSET) throw new Error('the copy would need ZIP64');
    await this.file.write(bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
  }
}

/** Flags, method (stored), DOS time and date, CRC-32 and both sizes: the same 22 bytes in both headers. */
function writeCommon(buf: Buffer, at: number, crc: number, size: number) {
  buf.writeUInt16LE(UTF8_NAMES, at);
  buf.writeUInt16LE(0, at + 2); // stored
  buf.writeUInt16LE(0, at + 4);
  buf.writeUInt16LE(DOS_DATE_1980_01_01, at + 6);
  buf.writeUInt32LE(crc >>> 0, at + 8);
  buf.writeUInt32LE(size, at + 12);
  buf.writeUInt32LE(size, at + 16);
}
