/** A member passkey's name (shared by the page's field and the server's ceremony). */
export const PASSKEY_NAME_MAX = 60;

/** A passkey's name as typed: trimmed, one line, at most PASSKEY_NAME_MAX characters. */
export function cleanPasskeyName(typed: unknown): string {
  return String(typeof typed === "string" ? typed : "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, PASSKEY_NAME_MAX);
}
