import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export class ZipUnreadable extends Error {}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** What one entry may inflate to: a Pocket part of 10,000 rows is a few MB. */
const MAX_ENTRY_BYTES = 200 * 1024 * 1024;

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
    if (size > MAX_ENTRY_BYTES) throw new ZipUnreadable('entry too large');
    if (method === 0) entries.push({ name, data: stored });
    else if (method === 8) entries.push({ name, data: inflate(stored) });
    else throw new ZipUnreadable(`compression method ${method}`);
  }
  return entries;
}

function inflate(stored: Buffer): Buffer {
  try {
    return inflateRawSync(stored, { maxOutputLength: MAX_ENTRY_BYTES });
  } catch {
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
