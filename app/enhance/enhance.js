/*
 * The page's small enhancements, in plain JavaScript (no React): every page loads this
 * one module; pages that declare an interactive part (route handle.hydrate) load React
 * as well. Each enhancement finds its markup by a data attribute the server rendered,
 * changes only attributes, text and scroll positions (so hydration is not disturbed),
 * and the page works without it.
 */
const reduced = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
const all = (selector, root = document) => root.querySelectorAll(selector);

// The offline service worker (public/sw.js): saved pages stay readable without a network.
// Registered after load: starting it must not compete with the page's own loading on a slow phone.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  const register = () => navigator.serviceWorker.register("/sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}

// Header: a "scrolled" style after a few pixels; Escape closes the mobile menu and returns focus to its button.
for (const header of all("[data-scrolled-after]")) {
  const after = Number(header.dataset.scrolledAfter);
  const onScroll = () => header.classList.toggle("site-header--scrolled", scrollY > after);
  onScroll();
  addEventListener("scroll", onScroll, { passive: true });
}
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const menu = document.querySelector("details.site-nav[open]");
  if (!menu) return;
  menu.open = false;
  menu.querySelector("summary")?.focus();
});

// The language switch as a button of a multi-step form (app/language-switch.ts) goes to another
// page as a document post: stopped before React Router's form handler sees it (the window's
// capture phase comes first), the browser's own submission goes ahead.
addEventListener(
  "submit",
  (event) => {
    if (event.submitter?.hasAttribute("data-switch-language")) event.stopImmediatePropagation();
  },
  { capture: true },
);

// Accordion: /news/advisories#advisory-3 opens that item.
const openTarget = () => {
  const id = decodeURIComponent(location.hash.slice(1));
  const el = id ? document.getElementById(id) : null;
  if (el instanceof HTMLDetailsElement && el.classList.contains("accordion__item")) el.open = true;
};
openTarget();
addEventListener("hashchange", openTarget);

// Carousels: previous/next, autoplay paused on hover and focus, never under reduced motion.
for (const carousel of all("[data-carousel]")) {
  const track = carousel.querySelector(".carousel__track");
  const controls = carousel.querySelector(".carousel__controls");
  if (!track || !controls) continue;
  const speed = Number(carousel.dataset.speedMs);
  const every = Number(carousel.dataset.autoplayMs);
  let hover = false;
  let focus = false;
  let frame = null;
  let timer = null;
  const glideTo = (left) => {
    if (frame !== null) cancelAnimationFrame(frame);
    if (reduced() || speed <= 0) {
      track.scrollLeft = left;
      return;
    }
    const from = track.scrollLeft;
    const start = performance.now();
    // Snapping would fight the animation: off while gliding.
    track.style.scrollSnapType = "none";
    const step = (now) => {
      const t = Math.min(1, (now - start) / speed);
      const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      track.scrollLeft = from + (left - from) * eased;
      if (t < 1) frame = requestAnimationFrame(step);
      else {
        frame = null;
        track.style.scrollSnapType = "";
      }
    };
    frame = requestAnimationFrame(step);
  };
  const move = (direction) => {
    const width = track.firstElementChild?.getBoundingClientRect().width || track.clientWidth;
    const max = track.scrollWidth - track.clientWidth;
    let next = Math.round(track.scrollLeft / width) * width + direction * width;
    if (direction === 1 && track.scrollLeft >= max - 2) next = 0;
    else if (direction === -1 && track.scrollLeft <= 2) next = max;
    glideTo(Math.max(0, Math.min(max, next)));
  };
  const play = carousel.querySelector("[data-carousel-play]");
  const setPlaying = (on) => {
    if (timer !== null) clearInterval(timer);
    timer = on ? setInterval(() => !hover && !focus && document.visibilityState === "visible" && move(1), every) : null;
    // Announce slide changes only when the visitor moves them, not on every autoplay tick.
    track.setAttribute("aria-live", on ? "off" : "polite");
    if (!play) return;
    // The page gives both labels in its language.
    play.setAttribute("aria-label", on ? play.dataset.stopLabel : play.dataset.startLabel);
    play.querySelector("[data-icon=pause]").toggleAttribute("hidden", !on);
    play.querySelector("[data-icon=play]").toggleAttribute("hidden", on);
  };
  for (const button of all("[data-carousel-step]", carousel))
    button.addEventListener("click", () => move(Number(button.dataset.carouselStep)));
  if (reduced()) play?.remove();
  else play?.addEventListener("click", () => setPlaying(timer === null));
  carousel.addEventListener("mouseenter", () => (hover = true));
  carousel.addEventListener("mouseleave", () => (hover = false));
  carousel.addEventListener("focusin", () => (focus = true));
  carousel.addEventListener("focusout", (e) => {
    if (!carousel.contains(e.relatedTarget)) focus = false;
  });
  controls.hidden = false;
  setPlaying(!reduced());
}

// Counters: count up from zero when scrolled into view; screen readers read the final number.
const counters = [...all("[data-count-up]")];
if (counters.length && "IntersectionObserver" in window && !reduced()) {
  const format = (n) => n.toLocaleString("en-US");
  for (const counter of counters) {
    const shown = counter.querySelector("[aria-hidden]");
    const value = Number(counter.dataset.countUp);
    const duration = Number(counter.dataset.durationMs);
    shown.textContent = "0";
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now) => {
          const t = Math.min(1, (now - start) / duration);
          // Ease out: fast at first, settling on the final number.
          shown.textContent = format(Math.round(value * (1 - (1 - t) ** 3)));
          if (t < 1) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      },
      { threshold: 0.4 },
    );
    observer.observe(counter);
  }
}

// Gallery: a picture opens in the modal dialog; Escape or Close closes it; focus returns to the picture.
for (const dialog of all("[data-zoom-dialog]")) {
  const grid = dialog.previousElementSibling;
  if (typeof dialog.showModal !== "function" || !grid) continue;
  let opener = null;
  const body = dialog.querySelector(".image-dialog__body");
  const close = dialog.querySelector(".image-dialog__close");
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => opener?.focus());
  // A click on the backdrop (the dialog element itself, outside its box) closes it.
  dialog.addEventListener("click", (e) => e.target === dialog && dialog.close());
  grid.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-zoom-caption]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    opener = link;
    dialog.querySelector(".image-dialog__title").textContent = link.dataset.zoomCaption;
    dialog.querySelector(".image-dialog__alt").textContent = link.dataset.zoomAlt;
    const img = document.createElement("img");
    Object.assign(img, {
      src: link.getAttribute("href"),
      alt: link.dataset.zoomAlt,
      width: Number(link.dataset.zoomWidth),
      height: Number(link.dataset.zoomHeight),
    });
    body.querySelector("img")?.remove();
    body.insertBefore(img, dialog.querySelector(".image-dialog__alt"));
    dialog.showModal();
    close.focus();
  });
}

// Print buttons replace the "use your browser's Print command" line.
for (const holder of all("[data-print-button]")) {
  const button = holder.querySelector("button");
  button.hidden = false;
  button.addEventListener("click", () => print());
  holder.querySelector("span")?.remove();
}

// AGAM status: live counts from the server-sent events, polling where those fail; paused while hidden.
for (const live of all("[data-agam-live]")) {
  const quorum = Number(live.dataset.agamLive);
  const pollMs = Number(live.dataset.pollMs);
  const out = (name) => live.querySelector(`[data-live=${name}]`);
  // The page's language: its number format and its sentences (data-text-*, "{total}" and "{quorum}" filled in).
  const n = (x) => x.toLocaleString(live.dataset.numberLocale || "en-US");
  const say = (text, c) => text.replace("{total}", n(c.qmember)).replace("{quorum}", n(quorum));
  let last = "";
  const accept = (c) => {
    if (!c || ![c.qmember, c.qmember_north, c.qmember_south].every(Number.isInteger)) return;
    const key = `${c.qmember}/${c.qmember_north}/${c.qmember_south}`;
    if (key === last) return;
    last = key;
    const percent = Math.min(100, Math.floor((c.qmember / quorum) * 1000) / 10);
    for (const name of ["qmember", "qmember_north", "qmember_south"]) out(name).textContent = n(c[name]);
    out("percent").textContent = `${percent}%`;
    const progress = out("progress");
    progress.value = Math.min(c.qmember, quorum);
    progress.textContent = `${percent}%`;
    out("summary").textContent = say(c.qmember >= quorum ? live.dataset.textReached : live.dataset.textToward, c);
  };
  // No longer than the server's sentence, so that it takes no more lines and moves nothing below it.
  out("hint").textContent = live.dataset.textLive;
  let source;
  let poll;
  let retry;
  const fetchOnce = async () => {
    try {
      const res = await fetch("/api/v1/agam/pool/all", { headers: { Accept: "application/json" }, cache: "no-store" });
      if (res.ok) accept(await res.json());
    } catch {
      // Offline for a moment: the next tick tries again.
    }
  };
  const startPolling = () => {
    if (poll) return;
    fetchOnce();
    poll = setInterval(fetchOnce, pollMs);
  };
  const stopPolling = () => {
    clearInterval(poll);
    poll = undefined;
  };
  const startStream = () => {
    if (typeof EventSource === "undefined") return startPolling();
    source = new EventSource("/api/v1/agam/pool/stream");
    source.addEventListener("counts", (e) => {
      stopPolling();
      try {
        accept(JSON.parse(e.data));
      } catch {
        // A malformed frame is skipped.
      }
    });
    source.onerror = () => {
      source?.close();
      source = undefined;
      startPolling();
      retry = setTimeout(startStream, 30_000);
    };
  };
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      source?.close();
      source = undefined;
      stopPolling();
      clearTimeout(retry);
    } else if (!source && !poll) startStream();
  });
  startStream();
}

// A region that links switch in place (the organizational chart's department panel): the
// same page with another query, fetched and swapped in; focus stays on the link.
for (const region of all("section[id]")) {
  const links = [...all(`a[aria-controls="${region.id}"]`)];
  if (!links.length) continue;
  for (const link of links) {
    link.addEventListener("click", async (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      try {
        const res = await fetch(link.href, { headers: { Accept: "text/html" } });
        const next = new DOMParser().parseFromString(await res.text(), "text/html");
        const fresh = next.getElementById(region.id);
        if (!res.ok || !fresh) throw new Error("no region");
        history.replaceState(null, "", link.href);
        document.title = next.title;
        region.innerHTML = fresh.innerHTML;
        if (fresh.hasAttribute("aria-labelledby")) region.setAttribute("aria-labelledby", fresh.getAttribute("aria-labelledby"));
        else region.removeAttribute("aria-labelledby");
        const twins = [...next.querySelectorAll(`a[aria-controls="${region.id}"]`)];
        for (const other of links) {
          const match = twins.find((a) => a.textContent === other.textContent);
          if (!match) continue;
          for (const name of ["href", "class", "aria-expanded"]) other.setAttribute(name, match.getAttribute(name));
        }
      } catch {
        location.assign(link.href);
      }
    });
  }
}

// Filter forms (GET): leave empty fields out of the address, so it stays clean to share:
// /news/electricity-rates?q=tariff rather than ?month=&q=tariff. (A page that loads React
// submits its forms through React Router instead.)
for (const form of window.__reactRouterContext ? [] : all('form[method="get" i]')) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string" && value.trim()) params.set(name, value.trim());
    const query = params.toString();
    location.assign(`${new URL(form.action || location.href, location.href).pathname}${query ? `?${query}` : ""}`);
  });
}

// A page with a loading notice (.spinner-region, see Spinner.tsx) says so while the next page
// loads, and after 9 s (UI.spinnerTimeoutMs) offers to try again: slow mobile data stalls.
const SPINNER_TIMEOUT_MS = 9000;
for (const region of all(".spinner-region")) {
  let timer;
  const show = (target) => {
    clearTimeout(timer);
    region.innerHTML = '<div class="spinner"><span class="spinner__circle" aria-hidden="true"></span><span>Loading…</span></div>';
    timer = setTimeout(() => {
      region.innerHTML =
        '<div class="spinner spinner--timeout"><span>This is taking longer than it should. Check your connection and try again.</span> <button type="button" class="button">Retry</button></div>';
      region.querySelector("button").addEventListener("click", () => location.assign(target));
    }, SPINNER_TIMEOUT_MS);
  };
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || link.target || link.hasAttribute("download") || (url.pathname === location.pathname && url.hash))
      return;
    show(url.href);
  });
  document.addEventListener("submit", (event) => {
    if (!event.defaultPrevented && event.target instanceof HTMLFormElement) show(location.href);
  });
  // Back from the next page (bfcache): nothing is loading any more.
  addEventListener("pageshow", () => {
    clearTimeout(timer);
    region.replaceChildren();
  });
}
