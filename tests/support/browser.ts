/**
 * Debian's Chromium driven by playwright-core, for the browser tests: one Chromium per test
 * file, started at the file's first `openBrowser` and closed after its last test, and a new
 * browser context for each `openBrowser` (its own cookies, storage, cache and service
 * workers, as a browser of its own would have). A context opens in milliseconds; a Chromium
 * took a second or more to start and to stop, and the browser tests opened about a hundred.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";

let shared: Promise<Browser> | undefined;
// Registered when a test file imports this module: the file's Chromium ends with the file.
afterAll(async () => {
  const browser = shared;
  shared = undefined;
  await (await browser?.catch(() => undefined))?.close();
});

export async function openBrowser(
  opts: {
    javaScriptEnabled?: boolean;
    width?: number;
    height?: number;
    offline?: boolean;
    reducedMotion?: "reduce" | "no-preference";
  } = {},
): Promise<BrowserContext & { cleanup(): Promise<void> }> {
  shared ??= chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await (await shared).newContext({
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    reducedMotion: opts.reducedMotion ?? "no-preference",
  });
  return Object.assign(context, {
    async cleanup() {
      await context.close().catch(() => {});
    },
  });
}

export const PHONE = { width: 375, height: 760 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Chromium's virtual authenticator on a page (the DevTools protocol's WebAuthn domain): a
 * platform authenticator that makes and uses passkeys without a person touching anything.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The passkeys the authenticator holds. */
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}
