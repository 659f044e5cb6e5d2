/*
 * The offline service worker.
 * - Pages (navigations): network first with a 3 s timeout; the last copy a member
 *   opened is kept and shown when the network fails or is too slow, with a visible
 *   "saved on <date and time>" notice. Personal pages (Cache-Control: no-store) are never kept.
 * - Hashed assets, stored files and news images: cache first (their names never change);
 *   old assets stay, so a saved page still works after a deploy removes their names.
 * - The API and form submissions are never touched.
 */
const VERSION = "v1";
const PAGES = `pages-${VERSION}`;
const ASSETS = `assets-${VERSION}`;
const NETWORK_TIMEOUT_MS = 3000;
const MAX_PAGES = 60;

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([PAGES, ASSETS]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname === "/sw.js") return;
  if (/^\/(assets|storage|media)\//.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirstPage(event, request));
  }
});

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

function keepable(response) {
  const cacheControl = response.headers.get("Cache-Control") || "";
  return (
    response.ok &&
    response.type === "basic" &&
    !/no-store|private/.test(cacheControl) &&
    (response.headers.get("Content-Type") || "").startsWith("text/html")
  );
}

async function savePage(request, response) {
  const cache = await caches.open(PAGES);
  const headers = new Headers(response.headers);
  headers.set("X-Saved-At", new Date().toISOString());
  await cache.put(request.url, new Response(await response.blob(), { status: response.status, headers }));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old);
}

async function networkFirstPage(event, request) {
  // no-cache: ask the server every time (the HTTP cache may hold a copy under stale-while-revalidate).
  const network = fetch(request.url, { cache: "no-cache", credentials: "same-origin", redirect: "manual" }).then(async (response) => {
    if (keepable(response)) event.waitUntil(savePage(request, response.clone()));
    return response;
  });
  const timeout = new Promise((resolve) => setTimeout(() => resolve("timeout"), NETWORK_TIMEOUT_MS));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== "timeout") return first;
    const saved = await savedCopy(request);
    if (saved) {
      event.waitUntil(network.catch(() => {}));
      return saved;
    }
    return await network;
  } catch {
    const saved = await savedCopy(request);
    return saved || offlinePage(request);
  }
}

const manilaOptions = { timeZone: "Asia/Manila", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" };
const manilaFormat = { en: new Intl.DateTimeFormat("en-US", manilaOptions), fil: new Intl.DateTimeFormat("fil-PH", manilaOptions) };

/** A page under /fil/ is in Filipino (the same rule as the site's routes); the worker has no catalog, so its few words live here. */
const isFilipino = (url) => /^\/fil(\/|$)/.test(new URL(url).pathname);
const offlineWords = {
  en: {
    notice: (when) => `<strong>You are offline.</strong> This page was saved on ${when} (Manila time) and may be out of date.`,
    earlier: "an earlier visit",
    title: "You are offline",
    body: "This page has not been saved on this phone yet. Pages you opened before, like the power interruption schedule and the restoration status, can be read offline.",
    schedule: "Power interruption schedule",
    restoration: "Restoration status",
    home: "Home",
  },
  fil: {
    notice: (when) =>
      `<strong>Wala kang internet ngayon.</strong> Na-save ang pahinang ito noong ${when} (oras sa Maynila) at baka luma na ang laman.`,
    earlier: "isang naunang pagbisita",
    title: "Wala kang internet ngayon",
    body: "Hindi pa naka-save sa teleponong ito ang pahinang ito. Ang mga pahinang nabuksan mo na, gaya ng iskedyul ng pagkawala ng kuryente at ng katayuan ng pagbabalik ng kuryente, ay mababasa kahit walang internet.",
    schedule: "Iskedyul ng pagkawala ng kuryente",
    restoration: "Katayuan ng pagbabalik ng kuryente",
    home: "Simula",
  },
};

/** The saved copy, with a notice of when it was saved placed first in the body. */
async function savedCopy(request) {
  const cache = await caches.open(PAGES);
  const hit = await cache.match(request.url);
  if (!hit) return null;
  const savedAt = hit.headers.get("X-Saved-At");
  const lang = isFilipino(request.url) ? "fil" : "en";
  const words = offlineWords[lang];
  const when = savedAt ? manilaFormat[lang].format(new Date(savedAt)) : words.earlier;
  const notice = `<div class="offline-notice" role="status">${words.notice(when)}</div>`;
  const html = (await hit.text()).replace(/<body([^>]*)>/, `<body$1>${notice}`);
  const headers = new Headers(hit.headers);
  headers.delete("Content-Length");
  return new Response(html, { status: 200, headers });
}

function offlinePage(request) {
  const lang = isFilipino(request.url) ? "fil" : "en";
  const w = offlineWords[lang];
  const base = lang === "fil" ? "/fil" : "";
  const html = `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${w.title}</title></head>
<body style="font-family:system-ui,sans-serif;padding:1.5rem;line-height:1.5;color:#1c2430"><h1 style="color:#072a4c">${w.title}</h1>
<p>${w.body}</p>
<p><a href="${base}/news/power-interruptions">${w.schedule}</a> · <a href="${base}/outages">${w.restoration}</a> · <a href="${base}/">${w.home}</a></p></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/*
 * Interruption alerts (web push). The payload is JSON from the alerts worker:
 * {title, body, url, tag, manage}. One notification per interruption (tag), opening its page.
 */
self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(alert.title || "Power interruption", {
      body: alert.body || "",
      tag: alert.tag,
      renotify: Boolean(alert.tag),
      icon: "/favicon.svg",
      data: { url: alert.url || "/news/power-interruptions", manage: alert.manage },
      actions: alert.manage ? [{ action: "manage", title: "Change or stop alerts" }] : [],
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = new URL(
    event.action === "manage" && data.manage ? data.manage : data.url || "/news/power-interruptions",
    self.location.origin,
  );
  // Only this site's pages open from a notification.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
        if (new URL(client.url).pathname === target.pathname && "focus" in client) {
          await client.navigate(target.href).catch(() => {});
          return client.focus();
        }
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
