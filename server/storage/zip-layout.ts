/**
 * Byte layout of a STORED ZIP with data descriptors (PKWARE APPNOTE 6.3.10), planned entirely from names and
 * sizes: every header's offset, and so the archive's exact length, is known before any byte is read. Only the
 * CRC-32s are filled in while streaming. ZIP64 records are used wherever a 32-bit field would overflow.
 */

/** A 32-bit size or offset field at or above this holds 0xFFFFFFFF and the value moves to the ZIP64 extra field. */
export const ZIP64_LIMIT = 0xffffffff;
const MAX_ENTRIES_16 = 0xffff;

const FLAGS = 0x0808; // bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8
const UNIX_FILE_MODE = 0o100644;
const VERSION_20 = 20;
const VERSION_45 = 45; // ZIP64
const MADE_BY_UNIX = 3 << 8;
const EXTENDED_TIMESTAMP_LENGTH = 9; // 0x5455 "UT": tag, length, flags, mtime

export interface PlannedEntry {
  nameBytes: Buffer;
  size: number;
  modified: Date;
  offset: number;
  /** The size needs 64 bits: ZIP64 extra in both headers and a 24-byte data descriptor. */
  zip64Size: boolean;
  /** The local header's offset needs 64 bits in the central directory. */
  zip64Offset: boolean;
  localHeaderLength: number;
  descriptorLength: number;
  dosTime: number;
  dosDate: number;
  unixTime: number;
}

export interface ZipPlan {
  entries: PlannedEntry[];
  centralDirectoryOffset: number;
  centralDirectorySize: number;
  zip64End: boolean;
  length: number;
}

function centralHeaderLength(entry: PlannedEntry): number {
  const zip64Fields = (entry.zip64Size ? 2 : 0) + (entry.zip64Offset ? 1 : 0);
  return 46 + entry.nameBytes.length + EXTENDED_TIMESTAMP_LENGTH + (zip64Fields > 0 ? 4 + 8 * zip64Fields : 0);
}

/** Lays out the archive. `forceZip64` uses the ZIP64 form everywhere (tests exercise it with tiny files). */
export function planZip(
  items: Array<{ nameBytes: Buffer; size: number; modified: Date }>,
  forceZip64 = false,
): ZipPlan {
  let offset = 0;
  const entries: PlannedEntry[] = [];
  for (const item of items) {
    const zip64Size = forceZip64 || item.size >= ZIP64_LIMIT;
    const { time, date } = dosDateTime(item.modified);
    const entry: PlannedEntry = {
      nameBytes: item.nameBytes,
      size: item.size,
      modified: item.modified,
      dosTime: time,
      dosDate: date,
      unixTime: unixSeconds(item.modified),
      offset,
      zip64Size,
      zip64Offset: forceZip64 || offset >= ZIP64_LIMIT,
      localHeaderLength: 30 + item.nameBytes.length + EXTENDED_TIMESTAMP_LENGTH + (zip64Size ? 20 : 0),
      descriptorLength: zip64Size ? 24 : 16,
    };
    offset += entry.localHeaderLength + item.size + entry.descriptorLength;
    entries.push(entry);
  }
  const centralDirectorySize = entries.reduce((sum, entry) => sum + centralHeaderLength(entry), 0);
  const zip64End =
    forceZip64 ||
    entries.length >= MAX_ENTRIES_16 ||
    offset >= ZIP64_LIMIT ||
    centralDirectorySize >= ZIP64_LIMIT ||
    entries.some((entry) => entry.zip64Size || entry.zip64Offset);
  const length = offset + centralDirectorySize + (zip64End ? 56 + 20 : 0) + 22;
  return { entries, centralDirectoryOffset: offset, centralDirectorySize, zip64End, length };
}

/** MS-DOS date and time (local time, 2-second steps, 1980–2107); the UT extra field carries the exact UTC time. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  const inRange = year === date.getFullYear();
  return {
    time: inRange ? (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2) : 0,
    date: inRange ? ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate() : ((year - 1980) << 9) | 0x21,
  };
}

function unixSeconds(date: Date): number {
  return Math.min(Math.max(Math.floor(date.getTime() / 1000), 0), 0xffffffff);
}

/** Small headers come from Node's shared pool (allocUnsafe) instead of one ArrayBuffer each: far less GC work. */
function zeroed(length: number): Buffer {
  return Buffer.allocUnsafe(length).fill(0);
}

export function localHeader(entry: PlannedEntry): Buffer {
  const buffer = zeroed(entry.localHeaderLength);
  buffer.writeUInt32LE(0x04034b50, 0);
  buffer.writeUInt16LE(entry.zip64Size ? VERSION_45 : VERSION_20, 4);
  buffer.writeUInt16LE(FLAGS, 6);
  buffer.writeUInt16LE(0, 8); // method: stored
  buffer.writeUInt16LE(entry.dosTime, 10);
  buffer.writeUInt16LE(entry.dosDate, 12);
  // CRC and sizes are 0 here (bit 3); with ZIP64 the sizes read 0xFFFFFFFF and the extra field holds zeros.
  buffer.writeUInt32LE(0, 14);
  buffer.writeUInt32LE(entry.zip64Size ? ZIP64_LIMIT : 0, 18);
  buffer.writeUInt32LE(entry.zip64Size ? ZIP64_LIMIT : 0, 22);
  buffer.writeUInt16LE(entry.nameBytes.length, 26);
  buffer.writeUInt16LE(entry.localHeaderLength - 30 - entry.nameBytes.length, 28);
  let at = 30 + entry.nameBytes.copy(buffer, 30);
  at = writeTimestampExtra(buffer, at, entry.unixTime);
  if (entry.zip64Size) {
    buffer.writeUInt16LE(0x0001, at);
    buffer.writeUInt16LE(16, at + 2); // two zeroed 8-byte sizes follow (Buffer.alloc)
  }
  return buffer;
}

function writeTimestampExtra(buffer: Buffer, at: number, unixTime: number): number {
  buffer.writeUInt16LE(0x5455, at);
  buffer.writeUInt16LE(5, at + 2);
  buffer.writeUInt8(1, at + 4); // the modification time is present
  buffer.writeUInt32LE(unixTime, at + 5);
  return at + EXTENDED_TIMESTAMP_LENGTH;
}

export function dataDescriptor(entry: PlannedEntry, crc: number): Buffer {
  const buffer = zeroed(entry.descriptorLength);
  buffer.writeUInt32LE(0x08074b50, 0);
  buffer.writeUInt32LE(crc, 4);
  if (entry.zip64Size) {
    buffer.writeBigUInt64LE(BigInt(entry.size), 8);
    buffer.writeBigUInt64LE(BigInt(entry.size), 16);
  } else {
    buffer.writeUInt32LE(entry.size, 8);
    buffer.writeUInt32LE(entry.size, 12);
  }
  return buffer;
}

export function centralHeader(entry: PlannedEntry, crc: number): Buffer {
  const length = centralHeaderLength(entry);
  const buffer = zeroed(length);
  const version = entry.zip64Size || entry.zip64Offset ? VERSION_45 : VERSION_20;
  buffer.writeUInt32LE(0x02014b50, 0);
  buffer.writeUInt16LE(MADE_BY_UNIX | version, 4);
  buffer.writeUInt16LE(version, 6);
  buffer.writeUInt16LE(FLAGS, 8);
  buffer.writeUInt16LE(0, 10);
  buffer.writeUInt16LE(entry.dosTime, 12);
  buffer.writeUInt16LE(entry.dosDate, 14);
  buffer.writeUInt32LE(crc, 16);
  buffer.writeUInt32LE(entry.zip64Size ? ZIP64_LIMIT : entry.size, 20);
  buffer.writeUInt32LE(entry.zip64Size ? ZIP64_LIMIT : entry.size, 24);
  buffer.writeUInt16LE(entry.nameBytes.length, 28);
  buffer.writeUInt16LE(length - 46 - entry.nameBytes.length, 30);
  // comment length, disk number, internal attributes: 0
  buffer.writeUInt32LE((UNIX_FILE_MODE << 16) >>> 0, 38);
  buffer.writeUInt32LE(entry.zip64Offset ? ZIP64_LIMIT : entry.offset, 42);
  let at = 46 + entry.nameBytes.copy(buffer, 46);
  at = writeTimestampExtra(buffer, at, entry.unixTime);
  if (entry.zip64Size || entry.zip64Offset) {
    buffer.writeUInt16LE(0x0001, at);
    buffer.writeUInt16LE(length - at - 4, at + 2);
    at += 4;
    if (entry.zip64Size) {
      buffer.writeBigUInt64LE(BigInt(entry.size), at);
      buffer.writeBigUInt64LE(BigInt(entry.size), at + 8);
      at += 16;
    }
    if (entry.zip64Offset) buffer.writeBigUInt64LE(BigInt(entry.offset), at);
  }
  return buffer;
}

/** The ZIP64 end record and locator when needed, then the classic end record (with 0xFFFF… markers if so). */
export function endRecords(plan: ZipPlan): Buffer {
  const count = plan.entries.length;
  const buffer = Buffer.alloc((plan.zip64End ? 76 : 0) + 22);
  let at = 0;
  if (plan.zip64End) {
    const zip64EndOffset = plan.centralDirectoryOffset + plan.centralDirectorySize;
    buffer.writeUInt32LE(0x06064b50, 0);
    buffer.writeBigUInt64LE(44n, 4);
    buffer.writeUInt16LE(MADE_BY_UNIX | VERSION_45, 12);
    buffer.writeUInt16LE(VERSION_45, 14);
    // this disk, disk with the central directory: 0
    buffer.writeBigUInt64LE(BigInt(count), 24);
    buffer.writeBigUInt64LE(BigInt(count), 32);
    buffer.writeBigUInt64LE(BigInt(plan.centralDirectorySize), 40);
    buffer.writeBigUInt64LE(BigInt(plan.centralDirectoryOffset), 48);
    buffer.writeUInt32LE(0x07064b50, 56);
    buffer.writeUInt32LE(0, 60);
    buffer.writeBigUInt64LE(BigInt(zip64EndOffset), 64);
    buffer.writeUInt32LE(1, 72);
    at = 76;
  }
  buffer.writeUInt32LE(0x06054b50, at);
  buffer.writeUInt16LE(plan.zip64End ? MAX_ENTRIES_16 : count, at + 8);
  buffer.writeUInt16LE(plan.zip64End ? MAX_ENTRIES_16 : count, at + 10);
  buffer.writeUInt32LE(plan.zip64End ? ZIP64_LIMIT : plan.centralDirectorySize, at + 12);
  buffer.writeUInt32LE(plan.zip64End ? ZIP64_LIMIT : plan.centralDirectoryOffset, at + 16);
  return buffer;
}
