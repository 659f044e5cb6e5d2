/**
 * Debian's Chromium and its flags, for the browser tests (./browser.ts) and the Lighthouse
 * benchmark. The flags keep Chromium from reaching for the network (this machine has none
 * beyond the registries).
 */
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
