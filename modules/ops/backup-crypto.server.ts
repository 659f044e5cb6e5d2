/**
 * The backup archive is encrypted, so a copy of it (on the backup disk, on the host the
 * archives are synced to) reads as nothing without the backup key: not the members' data, not
 * the signing secrets the database holds, not the push keys. AES-256-GCM from node:crypto; the
 * key is 32 random bytes, base64 on one line, in a file of its own (BACKUP_KEY_FILE) that is
 * never in an archive and never in the backup folder. IT keeps a copy off the machine: without
 * it no archive can be restored (README, "Backups and restore").
 *
 * An encrypted archive: "WSPCBAK1" | key id (8 bytes) | IV (12 bytes) | ciphertext | tag (16 bytes).
 * The key id (the start of the key's SHA-256) tells "made with another key" from "damaged"; the
 * header is authenticated with the content (GCM's additional data).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { BackupError } from "./backup-error";

const MAGIC = Buffer.from("WSPCBAK1");
const KEY_BYTES = 32;
const ID_BYTES = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + ID_BYTES + IV_BYTES;
const CIPHER = "aes-256-gcm";

export const keyId = (key: Buffer) => crypto.createHash("sha256").update(key).digest().subarray(0, ID_BYTES);

function parseKey(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), "base64");
  if (key.length !== KEY_BYTES)
    throw new BackupError(`${file} is not a backup key (32 random bytes in base64, as openssl rand -base64 32 writes)`);
  return key;
}

/** The backup key; a restore refuses without it rather than guess. */
export function readBackupKey(file: string): Buffer {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    throw new BackupError(`no backup key at ${file}: put the key IT keeps for the backups there (BACKUP_KEY_FILE)`);
  }
  return parseKey(text, file);
}

/**
 * The backup key for writing an archive: made once (0600) when the file is missing, so the daily
 * backup never stops for want of one. Production names a file in /etc/wespeco made by IT.
 */
export function backupKeyForWriting(file: string): Buffer {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, `${crypto.randomBytes(KEY_BYTES).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process made it at the same moment: read theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readBackupKey(file);
}

/** Encrypts `source` into `target`, created 0600 (it must not exist). */
export async function encryptFile(source: string, target: string, key: Buffer): Promise<void> {
  const iv = crypto.randomBytes(IV_BYTES);
  const header = Buffer.concat([MAGIC, keyId(key), iv]);
  const cipher = crypto.createCipheriv(CIPHER, key, iv).setAAD(header);
  const out = fs.createWriteStream(target, { mode: 0o600, flags: "wx" });
  out.write(header);
  await pipeline(fs.createReadStream(source), cipher, out, { end: false });
  await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), (error?: Error | null) => (error ? reject(error) : resolve())));
}

/**
 * Decrypts `source` into `target` (0600). Refuses, naming the archive, one that is not an
 * encrypted archive, one made with another key, or one whose content was cut or changed.
 */
export async function decryptFile(source: string, target: string, key: Buffer): Promise<void> {
  const name = path.basename(source);
  const size = fs.statSync(source).size;
  const header = Buffer.alloc(HEADER_BYTES);
  const fd = fs.openSync(source, "r");
  let tag: Buffer;
  try {
    const read = fs.readSync(fd, header, 0, HEADER_BYTES, 0);
    if (read < HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC))
      throw new BackupError(`${name} is not an encrypted backup of this site (or is damaged at its start)`);
    if (size <= HEADER_BYTES + TAG_BYTES) throw new BackupError(`${name} is damaged: the archive cannot be read to its end`);
    tag = Buffer.alloc(TAG_BYTES);
    fs.readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    fs.closeSync(fd);
  }
  const id = header.subarray(MAGIC.length, MAGIC.length + ID_BYTES);
  if (!id.equals(keyId(key)))
    throw new BackupError(
      `${name} was made with another backup key (key ${id.toString("hex")}; this one is ${keyId(key).toString("hex")}): use the key IT kept for it`,
    );
  const decipher = crypto
    .createDecipheriv(CIPHER, key, header.subarray(MAGIC.length + ID_BYTES))
    .setAAD(header)
    .setAuthTag(tag);
  try {
    await pipeline(
      fs.createReadStream(source, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      fs.createWriteStream(target, { mode: 0o600 }),
    );
  } catch {
    // GCM checks the whole content at its end: a cut or changed byte anywhere fails here.
    fs.rmSync(target, { force: true });
    throw new BackupError(`${name} is damaged: the archive cannot be read to its end (its content does not match its seal)`);
  }
}
