/**
 * Debian's Chromium driven by playwright-core. The flags keep Chromium from
 * reaching for the network (this machine has none beyond the registries).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export async function openBrowser(
  opts: {
    javaScriptEnabled?: boolean;
    width?: number;
    height?: number;
    offline?: boolean;
    reducedMotion?: "reduce" | "no-preference";
  } = {},
): Promise<BrowserContext & { cleanup(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-chromium-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    reducedMotion: opts.reducedMotion ?? "no-preference",
  });
  return Object.assign(context, {
    async cleanup() {
      await context.close().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
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
