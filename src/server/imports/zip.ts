import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export class ZipUnreadable extends Error {}

/** The files to read would inflate past MAX_INFLATED_BYTES together (a "ZIP bomb", or a huge export). */
export class ZipTooLarge extends Error {}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** What the files read may inflate to together: a Pocket part of 10,000 rows is a few MB. */
export const MAX_INFLATED_BYTES = 100 * 1024 * 1024;

export function isZip(data: Buffer): boolean {
  return data.length >= 4 && data.readUInt32LE(0) === LOCAL_FILE_HEADER;
}

/**
 * The files of a ZIP archive whose names `wanted` accepts, read through its central directory
 * (stored or deflated; no ZIP64, no encryption — what Pocket and every OS's "compress" make).
 */
export function readZip(data: Buffer, wanted: (name: string) => boolean): ZipEntry[] {
  const end = findEndOfCentralDirectory(data);
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  let budget = MAX_INFLATED_BYTES;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new ZipUnreadable('bad central directory');
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localHeader = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/') || !wanted(name)) continue;
    if (localHeader + 30 > data.length || data.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) throw new ZipUnreadable('bad local header');
    const start = localHeader + 30 + data.readUInt16LE(localHeader + 26) + data.readUInt16LE(localHeader + 28);
    const stored = data.subarray(start, start + compressedSize);
    if (method !== 0 && method !== 8) throw new ZipUnreadable(`compression method ${method}`);
    // The declared size is not trusted: inflating stops at what is left of the budget.
    const content = method === 0 ? stored : inflate(stored, budget);
    budget -= Math.max(size, content.length);
    if (budget < 0 || content.length >= MAX_INFLATED_BYTES) throw new ZipTooLarge();
    entries.push({ name, data: content });
  }
  return entries;
}

function inflate(stored: Buffer, budget: number): Buffer {
  try {
    return inflateRawSync(stored, { maxOutputLength: Math.max(1, budget) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipTooLarge();
    throw new ZipUnreadable('bad deflate data');
  }
}

/** The end record sits in the last 22 bytes plus a comment of up to 64 KiB. */
function findEndOfCentralDirectory(data: Buffer): number {
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65_535); at--) {
    if (data.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipUnreadable('no end of central directory');
}
