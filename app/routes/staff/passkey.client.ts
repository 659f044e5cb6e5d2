/**
 * The browser half of the passkey ceremonies (the only part of the console that needs
 * JavaScript): better-auth's passkey endpoints under /staff/auth, @simplewebauthn/browser
 * for navigator.credentials. Loaded on demand when a passkey button is pressed.
 */
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";

const BASE = "/staff/auth/passkey";

async function call(path: string, init?: RequestInit): Promise<{ ok: boolean; data: any }> {
  const response = await fetch(`${BASE}${path}`, {
    credentials: "same-origin",
    ...init,
    headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}) },
  });
  let data: any = null;
  try {
    data = await response.json();
  } catch {}
  return { ok: response.ok, data };
}

/** Resolves with nothing when signed in; throws an Error with a message for the page. */
export async function signInWithPasskey(): Promise<void> {
  const options = await call("/generate-authenticate-options");
  if (!options.ok) throw new Error("The passkey sign-in could not start. Please try again.");
  let assertion;
  try {
    assertion = await startAuthentication({ optionsJSON: options.data });
  } catch {
    throw new Error("The passkey sign-in was cancelled or is not available on this device.");
  }
  const { clientExtensionResults: _ignored, ...response } = assertion;
  const verified = await call("/verify-authentication", { method: "POST", body: JSON.stringify({ response }) });
  if (!verified.ok) throw new Error("That passkey was not accepted.");
}

export async function registerPasskey(name: string): Promise<void> {
  const options = await call(`/generate-register-options?name=${encodeURIComponent(name)}`);
  if (!options.ok) throw new Error(options.data?.error?.message ?? "Confirm your password first, then try again.");
  let attestation;
  try {
    attestation = await startRegistration({ optionsJSON: options.data });
  } catch {
    throw new Error("Creating the passkey was cancelled or is not available on this device.");
  }
  const { clientExtensionResults: _ignored, ...response } = attestation;
  const verified = await call("/verify-registration", { method: "POST", body: JSON.stringify({ response, name }) });
  if (!verified.ok) throw new Error("The passkey could not be saved. Please try again.");
}
