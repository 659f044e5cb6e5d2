/**
 * A page form's body, checked once before any page action reads it (server/react-router.ts),
 * so that no action has to: `request.formData()` throws on an empty body without a type and
 * on a malformed one, and a throw inside an action is a render error (an error-level log line
 * and a 503, which many addresses could send on purpose to fire the 5xx alert).
 * - No body and no type (a bare POST): an empty urlencoded form, which every action answers
 *   like any form without its fields (its page with the messages).
 * - A form body that does not parse (a truncated upload, a multipart type without its body):
 *   400, with a page that says to send it again.
 * - Text that was not UTF-8 (the reader turns such bytes into U+FFFD): 400 as well; no
 *   keyboard types it, and storing the replacement characters would lose what was meant.
 * The content type itself (urlencoded, or multipart where uploads are taken) was checked
 * before (isFormBody in server/protection.ts: 415 otherwise).
 */
import { type Locale, localeOfPath } from "../modules/shared/i18n";

export type FormBodyCheck = { ok: true; contentType: string | undefined } | { ok: false; problem: "unreadable" | "encoding" };

const URLENCODED = "application/x-www-form-urlencoded";

export async function checkFormBody(contentType: string | undefined, body: Buffer): Promise<FormBodyCheck> {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "") return body.length === 0 ? { ok: true, contentType: URLENCODED } : { ok: true, contentType };
  if (type !== URLENCODED && type !== "multipart/form-data") return { ok: true, contentType };
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType ?? "" } }).formData();
  } catch {
    return { ok: false, problem: "unreadable" };
  }
  for (const [name, value] of form)
    if (name.includes("\uFFFD") || (typeof value === "string" && value.includes("\uFFFD"))) return { ok: false, problem: "encoding" };
  return { ok: true, contentType };
}

const WORDS: Record<Locale, { title: string; unreadable: string; encoding: string; home: string }> = {
  en: {
    title: "The form could not be read",
    unreadable: "The form arrived incomplete (was the connection interrupted?). Go back, and send it again.",
    encoding: "The form holds characters that are not valid text (UTF-8). Go back, check what you typed, and send it again.",
    home: "Go to the home page",
  },
  fil: {
    title: "Hindi nabasa ang form",
    unreadable: "Hindi buo ang dumating na form (naputol ba ang koneksiyon?). Bumalik at ipadala itong muli.",
    encoding: "May mga titik sa form na hindi wastong teksto (UTF-8). Bumalik, suriin ang tinype, at ipadala itong muli.",
    home: "Pumunta sa home page",
  },
};

/** The 400 page of a form that could not be read, in the path's language. */
export function unreadableFormPage(pathname: string, problem: "unreadable" | "encoding"): string {
  const locale = localeOfPath(pathname);
  const w = WORDS[locale];
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${w.title} | WESPECO</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem"><h1>${w.title}</h1><p>${w[problem]}</p><p><a href="${locale === "fil" ? "/fil" : "/"}">${w.home}</a></p></body></html>`
  );
}
