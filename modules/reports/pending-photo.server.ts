/**
 * A checked photo kept for a reporter while another field of the form needs fixing (without
 * JavaScript a browser never sends a file twice): written under the storage folder by an
 * unguessable name that goes back in the form, read again on the next send, gone after an hour
 * or once the report is filed. The bytes are kept as sent (only their header checked), readable
 * by the site's user alone, as the report will store them until the worker re-encodes them.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { StoredPhoto } from "./queries.server";

export const PENDING_PHOTO_MS = 60 * 60_000;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;
const dirOf = (storageDir: string) => path.join(storageDir, ".pending-photos");

export async function keepPendingPhoto(storageDir: string, photo: StoredPhoto): Promise<string> {
  const dir = dirOf(storageDir);
  await fs.mkdir(dir, { recursive: true });
  await dropExpired(dir);
  const token = crypto.randomBytes(16).toString("base64url");
  const meta = Buffer.from(JSON.stringify({ contentType: photo.contentType, width: photo.width, height: photo.height }));
  const header = Buffer.alloc(4);
  header.writeUInt32BE(meta.length);
  await fs.writeFile(path.join(dir, token), Buffer.concat([header, meta, photo.data]), { mode: 0o600 });
  return token;
}

/** The kept photo of a token, or null (unknown, malformed or older than an hour). */
export async function readPendingPhoto(storageDir: string, token: string): Promise<StoredPhoto | null> {
  if (!TOKEN.test(token)) return null;
  const file = path.join(dirOf(storageDir), token);
  try {
    const stat = await fs.stat(file);
    if (Date.now() - stat.mtimeMs > PENDING_PHOTO_MS) return null;
    const bytes = await fs.readFile(file);
    const length = bytes.readUInt32BE(0);
    const meta = JSON.parse(bytes.subarray(4, 4 + length).toString()) as Omit<StoredPhoto, "data">;
    return { ...meta, data: bytes.subarray(4 + length) };
  } catch {
    return null;
  }
}

export async function dropPendingPhoto(storageDir: string, token: string): Promise<void> {
  if (TOKEN.test(token)) await fs.rm(path.join(dirOf(storageDir), token), { force: true });
}

async function dropExpired(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > PENDING_PHOTO_MS) await fs.rm(file, { force: true });
  }
}
