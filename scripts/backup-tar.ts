// A minimal ustar writer and reader for the backup archive (.tar.gz): regular files only, names up
// to 255 bytes, sizes below 8 GiB. Enough for `tar tzf`/`tar xzf` to read what we write, with no
// dependency beyond node:zlib.
import { createReadStream, createWriteStream } from 'node:fs';
import { createGunzip, createGzip } from 'node:zlib';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

const BLOCK = 512;
const MAX_SIZE = 0o77777777777; // 11 octal digits

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function splitName(name: string): { name: string; prefix: string } {
  const bytes = Buffer.byteLength(name);
  if (bytes <= 100) return { name, prefix: '' };
  // ustar: prefix (≤155) + '/' + name (≤100), split at a slash.
  for (let i = name.length - 1; i > 0; i--) {
    if (name[i] !== '/') continue;
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  throw new Error(`nama terlalu panjang untuk arsip tar: ${name}`);
}

export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (size > MAX_SIZE) throw new Error(`berkas terlalu besar untuk arsip tar (${size} byte): ${name}`);
  const h = Buffer.alloc(BLOCK);
  const parts = splitName(name);
  h.write(parts.name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 8, 'ascii');
  h.write(octal(0, 8), 108, 8, 'ascii');
  h.write(octal(0, 8), 116, 8, 'ascii');
  h.write(octal(size, 12), 124, 12, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, 'ascii');
  h.write('        ', 148, 8, 'ascii'); // checksum counted as spaces
  h.write('0', 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  h.write('sidasek', 265, 32, 'ascii');
  h.write('sidasek', 297, 32, 'ascii');
  h.write(parts.prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + ' ', 148, 8, 'ascii');
  return h;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes a .tar.gz entry by entry; `finish()` ends the archive and waits for the file. */
export class TarGzWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly done: Promise<void>;

  constructor(file: string) {
    // Owner-only: the archive holds personal data, password hashes and signing keys.
    this.done = pipeline(this.gzip, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    // The pipeline's failure is reported by finish(); keep it from being an unhandled rejection.
    this.done.catch(() => undefined);
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }

  async addBuffer(name: string, bytes: Buffer, mtime: Date): Promise<void> {
    await this.write(tarHeader(name, bytes.length, mtime));
    await this.write(bytes);
    await this.write(Buffer.alloc(padding(bytes.length)));
  }

  /** An entry from a stream of known length (checked). */
  async addStream(name: string, size: number, source: Readable, mtime: Date): Promise<void> {
    await this.write(tarHeader(name, size, mtime));
    let written = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} berubah ukuran saat dicadangkan`);
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`${name} berubah ukuran saat dicadangkan`);
    await this.write(Buffer.alloc(padding(size)));
  }

  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.done;
  }

  /** Stops writing after a failure (the caller deletes the partial file). */
  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => undefined);
  }
}

export interface TarEntry {
  name: string;
  size: number;
}

/** Receives one entry's bytes; `end` is called once all of them arrived. */
export interface EntrySink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

export class TarFormatError extends Error {}

function readString(h: Buffer, start: number, length: number): string {
  const field = h.subarray(start, start + length);
  const nul = field.indexOf(0);
  return field.subarray(0, nul === -1 ? length : nul).toString('utf8');
}

function readOctal(h: Buffer, start: number, length: number): number {
  const text = readString(h, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('header tar rusak');
  return text === '' ? 0 : parseInt(text, 8);
}

function parseHeader(h: Buffer): TarEntry & { type: string } {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  if (sum !== readOctal(h, 148, 8)) throw new TarFormatError('checksum header tar salah');
  const name = readString(h, 0, 100);
  const prefix = readString(h, 345, 155);
  return { name: prefix ? `${prefix}/${name}` : name, size: readOctal(h, 124, 12), type: String.fromCharCode(h[156]!) };
}

/**
 * Reads a .tar.gz from start to end, handing each regular file to the sink `open` returns. Fails on
 * a damaged gzip stream, a bad header checksum, an entry type other than a file or folder, or a
 * missing end-of-archive marker.
 */
export async function readTarGz(
  file: string,
  open: (entry: TarEntry) => EntrySink | Promise<EntrySink>,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let current: { sink: EntrySink | null; remaining: number; pad: number } | null = null;
  let ended = false;

  async function consume(source: AsyncIterable<Buffer>): Promise<void> {
    for await (const chunk of source) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (!ended) {
        if (current) {
          if (current.remaining > 0) {
            if (!pending.length) break;
            const take = Math.min(current.remaining, pending.length);
            if (current.sink) await current.sink.write(pending.subarray(0, take));
            pending = pending.subarray(take);
            current.remaining -= take;
            if (current.remaining > 0) break;
          }
          if (pending.length < current.pad) break;
          pending = pending.subarray(current.pad);
          if (current.sink) await current.sink.end();
          current = null;
          continue;
        }
        if (pending.length < BLOCK) break;
        const header = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (header.every((b) => b === 0)) {
          ended = true;
          break;
        }
        const entry = parseHeader(header);
        if (entry.type === '5') {
          current = { sink: null, remaining: 0, pad: 0 };
        } else if (entry.type === '0' || entry.type === '\0') {
          current = {
            sink: await open({ name: entry.name, size: entry.size }),
            remaining: entry.size,
            pad: padding(entry.size),
          };
        } else {
          throw new TarFormatError(`jenis entri tar tidak didukung (${JSON.stringify(entry.type)}) pada ${entry.name}`);
        }
      }
    }
  }

  await pipeline(createReadStream(file), createGunzip(), consume as (source: AsyncIterable<Buffer>) => Promise<void>);
  if (!ended || current) throw new TarFormatError('arsip terpotong (penanda akhir tar tidak ada)');
}
