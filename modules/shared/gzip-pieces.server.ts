/**
 * A gzip answer joined from pieces compressed on their own: the large pieces that are the same
 * on every answer (a member page's frame) are compressed once and kept; only what differs is
 * compressed per answer. Each piece is a raw deflate stream ended by a full flush (byte-aligned,
 * no reference to anything before it), so the pieces one after the other, then an empty last
 * block, are one valid deflate stream; gzip's header and trailer (CRC-32 and length of the whole
 * text) go around it (RFC 1951 3.2.3–3.2.4, RFC 1952). A piece compressed per answer may refer
 * back to the text before it (a preset dictionary): the reader has just written that text.
 */
import zlib from "node:zlib";

export interface DeflatedPiece {
  raw: Buffer;
  deflated: Buffer;
}

const FULL_FLUSH = { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 6 };
/** Below this, a piece goes in a stored block: setting up the compressor costs more than it saves. */
const STORED_BELOW = 256;

/** Deflate's window: how far back a piece may refer. */
const WINDOW = 32 * 1024;

/**
 * A piece of the text, compressed (or, when short, stored as it is); `before`: the text before it,
 * which it may refer to, asked for only when the piece is compressed (most pieces made per answer
 * are short: an account or a bill number).
 */
export function deflatePiece(text: string, before?: () => Buffer): DeflatedPiece {
  const raw = Buffer.from(text);
  if (raw.length >= STORED_BELOW) {
    const preceding = before?.();
    const dictionary = preceding?.length ? preceding.subarray(-WINDOW) : undefined;
    return { raw, deflated: zlib.deflateRawSync(raw, dictionary ? { ...FULL_FLUSH, dictionary } : FULL_FLUSH) };
  }
  // A stored block: its header bits (not last, type 00) padded to a byte, then LEN and its complement.
  const block = Buffer.allocUnsafe(5 + raw.length);
  block[0] = 0;
  block.writeUInt16LE(raw.length, 1);
  block.writeUInt16LE(~raw.length & 0xffff, 3);
  raw.copy(block, 5);
  return { raw, deflated: block };
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last block: empty, fixed codes (BFINAL 1, type 01, end of block). */
const LAST = Buffer.from([0x03, 0x00]);

/** The gzip of the pieces' texts one after the other; a text is compressed here, against the text before it. */
export function gzipJoin(pieces: readonly (DeflatedPiece | string)[]): Buffer {
  const raws: Buffer[] = [];
  const out: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  for (const p of pieces) {
    const piece = typeof p === "string" ? deflatePiece(p, () => Buffer.concat(raws)) : p;
    raws.push(piece.raw);
    out.push(piece.deflated);
    crc = zlib.crc32(piece.raw, crc);
    size += piece.raw.length;
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return Buffer.concat([...out, LAST, trailer]);
}
