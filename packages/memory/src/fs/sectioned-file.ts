// The framing both binary caches share (saved-index/saved-index-file.ts, recall/recall-index-file.ts): a
// header line (JSON: format, version, analyser fingerprint, byte order, section sizes, CRC-32 of
// the rest; padded with spaces so what follows starts at a multiple of 8 bytes), then the
// sections, each padded with zero bytes to a multiple of 8 so numbers can be read in place.
// Reading checks the header against what the reader expects, the sizes against the file and the
// checksum, and hands back the sections; each cache then checks what is inside them.

import { endianness } from "node:os";
import { crc32 } from "node:zlib";
import { FILE_BOUNDS, readBoundedFile } from "./bounded-read";

/** Every section starts at a multiple of this in the file (the header line is padded to one too). */
const ALIGN = 8;
const aligned = (size: number): number => Math.ceil(size / ALIGN) * ALIGN;

/** What a reader expects of a file's header line. */
export interface SectionedFormat {
  format: string;
  version: number;
  /** What tokenising (and whatever else the saved data depends on) does in this version. */
  analyser: string;
  /** How many sections follow the header. */
  sections: number;
}

interface Header {
  format: string;
  version: number;
  analyser: string;
  /** Of the numbers sections, which are in this machine's byte order. */
  endianness: string;
  /** Bytes of each section after the header line, before its padding. */
  sections: number[];
  crc32: number;
}

/** The file holding `parts` as the sections of `format`. */
export function sectionedFileBytes(format: SectionedFormat, parts: readonly Uint8Array[]): Buffer {
  const body = Buffer.concat(parts.flatMap((part) => [part, Buffer.alloc(aligned(part.length) - part.length)]));
  const header: Header = { format: format.format, version: format.version, analyser: format.analyser, endianness: endianness(), sections: parts.map((part) => part.length), crc32: crc32(body) };
  const line = JSON.stringify(header);
  return Buffer.concat([Buffer.from(`${line.padEnd(aligned(Buffer.byteLength(line) + 1) - 1)}\n`), body]);
}

/** The sections of `bytes` when its header is `format`'s, its sizes add up and its checksum holds; else undefined. */
export function fileSections(bytes: Buffer, format: SectionedFormat): Buffer[] | undefined {
  const newline = bytes.indexOf(10);
  if (newline < 0 || (newline + 1) % ALIGN !== 0) return undefined;
  let header: Header;
  try {
    header = JSON.parse(bytes.toString("utf8", 0, newline)) as Header;
  } catch {
    return undefined;
  }
  if (header.format !== format.format || header.version !== format.version || header.analyser !== format.analyser || header.endianness !== endianness()) return undefined;
  const body = bytes.subarray(newline + 1);
  const sizes = header.sections;
  if (!Array.isArray(sizes) || sizes.length !== format.sections || !sizes.every((size) => Number.isInteger(size) && size >= 0)) return undefined;
  if (sizes.reduce((sum, size) => sum + aligned(size), 0) !== body.length || crc32(body) !== header.crc32) return undefined;
  let offset = 0;
  return sizes.map((size) => body.subarray(offset, (offset += aligned(size)) - aligned(size) + size));
}

/**
 * The sections of the cache at `file` ({@link fileSections}), read only when it resolves inside
 * `boundary` and is a regular file within the saved-index bound; undefined otherwise (rebuilt).
 */
export function readFileSections(file: string, boundary: string, format: SectionedFormat): Buffer[] | undefined {
  try {
    // A link out of `.foundry/`, a FIFO, /dev/zero or a file over the bound is not read.
    const read = readBoundedFile(file, { boundary, maxBytes: FILE_BOUNDS.savedIndex });
    return read.ok ? fileSections(read.bytes, format) : undefined;
  } catch {
    return undefined;
  }
}

type NumbersType = Float64ArrayConstructor | Int32ArrayConstructor;

/**
 * `part` as numbers, read in place when its memory is aligned for them (a whole file read into
 * its own buffer, as big saved indexes are), else from an aligned copy.
 */
export function numbersOf<T extends NumbersType>(Type: T, part: Buffer): InstanceType<T> {
  const length = part.length / Type.BYTES_PER_ELEMENT;
  const memory = part.buffer as ArrayBuffer; // a file's bytes: never shared memory
  if (part.byteOffset % Type.BYTES_PER_ELEMENT === 0) return new Type(memory, part.byteOffset, length) as InstanceType<T>;
  return new Type(memory.slice(part.byteOffset, part.byteOffset + part.length)) as InstanceType<T>;
}
