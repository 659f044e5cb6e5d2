/*
 * The member portal's passkey buttons (/mco/login, /mco/passkeys), in plain JavaScript: only
 * the pages that render them load this module (app/routes/mco/passkeys-ui.tsx). The markup is
 * rendered hidden; this shows it when the browser can do WebAuthn, so without JavaScript the
 * pages work fully by code. The server's JSON is better-auth's passkey plugin
 * (server/portal-passkeys.ts); the messages come from the page, in its language.
 */
const BASE = "/mco/auth/passkey";
const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const text = (buffer) =>
  buffer
    ? btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "")
    : undefined;
const ids = (list) => (list ?? []).map((c) => ({ ...c, id: bytes(c.id) }));

async function call(path, body) {
  const response = await fetch(BASE + path, {
    method: body ? "POST" : "GET",
    credentials: "same-origin",
    headers: body ? { Accept: "application/json", "Content-Type": "application/json" } : { Accept: "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, data };
}

/** Runs a ceremony step; a failure throws the page's message for that step. */
function fail(box, key) {
  const error = new Error(box.dataset[key] ?? "");
  error.shown = true;
  return error;
}

async function signIn(box) {
  const options = await call("/generate-authenticate-options");
  if (!options.ok) throw fail(box, options.status === 429 ? "msgWait" : "msgFailed");
  const o = options.data;
  let credential;
  try {
    credential = await navigator.credentials.get({
      publicKey: { ...o, challenge: bytes(o.challenge), allowCredentials: ids(o.allowCredentials) },
    });
  } catch {
    throw fail(box, "msgCancelled");
  }
  const r = credential.response;
  // The page's language: what the portal sends this member from now on is in it (decision 0020).
  const verified = await call(`/verify-authentication?lang=${document.documentElement.lang === "fil" ? "fil" : "en"}`, {
    response: {
      id: credential.id,
      rawId: text(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
      response: {
        clientDataJSON: text(r.clientDataJSON),
        authenticatorData: text(r.authenticatorData),
        signature: text(r.signature),
        userHandle: text(r.userHandle),
      },
    },
  });
  if (!verified.ok) throw fail(box, verified.status === 429 ? "msgWait" : "msgRefused");
  location.assign(box.dataset.next || "/mco");
}

async function register(box, name) {
  const options = await call("/generate-register-options");
  if (!options.ok) throw fail(box, options.status === 403 ? "msgFresh" : "msgFailed");
  const o = options.data;
  let credential;
  try {
    credential = await navigator.credentials.create({
      publicKey: {
        ...o,
        challenge: bytes(o.challenge),
        user: { ...o.user, id: bytes(o.user.id) },
        excludeCredentials: ids(o.excludeCredentials),
      },
    });
  } catch {
    throw fail(box, "msgCancelled");
  }
  const r = credential.response;
  const verified = await call("/verify-registration", {
    name,
    response: {
      id: credential.id,
      rawId: text(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
      response: {
        clientDataJSON: text(r.clientDataJSON),
        attestationObject: text(r.attestationObject),
        transports: r.getTransports?.() ?? [],
      },
    },
  });
  if (!verified.ok) throw fail(box, verified.status === 403 ? "msgFresh" : "msgFailed");
  location.assign(box.dataset.next || location.pathname);
}

if (typeof PublicKeyCredential === "function") {
  for (const box of document.querySelectorAll("[data-passkey]")) {
    const status = box.querySelector("[data-passkey-status]");
    const button = box.querySelector("button");
    const run = async (step) => {
      button.disabled = true;
      status.textContent = "";
      try {
        await step();
      } catch (error) {
        status.textContent = error.shown ? error.message : box.dataset.msgFailed;
        button.disabled = false;
      }
    };
    box.hidden = false;
    for (const other of document.querySelectorAll("[data-passkey-no-script]")) other.hidden = true;
    if (box.dataset.passkey === "sign-in") button.addEventListener("click", () => run(() => signIn(box)));
    else
      box.addEventListener("submit", (event) => {
        event.preventDefault();
        run(() => register(box, new FormData(box).get("name")));
      });
  }
}
