/*
 * The public forms' small enhancements, in plain JavaScript (no React): loaded by the pages whose
 * route declares `handle.forms` (app/hydration.ts). Every form works without it: it posts as a
 * document and the server answers with the page, its errors beside the fields. This module only
 * adds what scripts can: focus on the answer, the captcha widget on first use, a busy submit
 * button, the photo's size and the registration's choice checked before sending, the position.
 * Like app/enhance/enhance.js, each part finds its markup by a data attribute the server rendered
 * and changes only attributes and text.
 */
const all = (selector, root = document) => root.querySelectorAll(selector);

// After a form's answer, the server marks what to read first (the error summary, the news of the
// answer): focus it, so a screen reader reads it and the keyboard starts there.
document.querySelector("[data-focus-on-load]")?.focus();

// The proof-of-work captcha (ALTCHA, about 34 KiB gzip, more than the rest of the page's scripts)
// loads when the visitor starts on the form that holds it, not with the page.
const FIRST_USE = ["focusin", "pointerdown", "input"];
for (const widget of all("altcha-widget[data-module]")) {
  const form = widget.closest("form") ?? widget.closest(".captcha-field");
  const onState = (event) => {
    const state = event.detail?.state;
    if (state === "error" || state === "expired" || event.type === "expired") widget.reset?.();
  };
  const listen = () => {
    for (const type of FIRST_USE) form.addEventListener(type, load);
  };
  const load = () => {
    for (const type of FIRST_USE) form.removeEventListener(type, load);
    import(widget.dataset.module).then(
      () => {
        // Its Filipino words, under the language the widget is given (its own store).
        if (widget.dataset.words) globalThis.$altcha?.i18n?.set("fil", JSON.parse(widget.dataset.words));
        widget.addEventListener("statechange", onState);
        widget.addEventListener("expired", onState);
        widget.parentElement.querySelector(".captcha-field__pending")?.remove();
      },
      // A failed download (the connection dropped): try again at the next keystroke or tap.
      listen,
    );
  };
  // At once: a form of one check, a visitor who started before this ran, or an answer with
  // something to fix in this form (the visitor is about to use it again).
  if (widget.hasAttribute("data-eager") || form.contains(document.activeElement) || form.querySelector(".field--error")) load();
  else listen();
}

/** Shows `message` beside the field `id` (the markup of Field.tsx's FieldError), or takes it away. */
const fieldError = (id, message) => {
  const control = document.getElementById(id);
  const field = control?.closest(".field");
  if (!control || !field) return;
  let error = document.getElementById(`${id}-error`);
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((x) => x && x !== `${id}-error`);
  if (message) {
    if (!error) {
      error = document.createElement("span");
      error.className = "field__error";
      error.id = `${id}-error`;
      control.before(error);
    }
    error.textContent = message;
    if (control.dataset.errorPrefix) {
      const hidden = document.createElement("span");
      hidden.className = "visually-hidden";
      hidden.textContent = control.dataset.errorPrefix;
      error.prepend(hidden);
    }
    ids.push(`${id}-error`);
    control.setAttribute("aria-invalid", "true");
  } else {
    error?.remove();
    control.removeAttribute("aria-invalid");
  }
  field.classList.toggle("field--error", Boolean(message));
  if (ids.length) control.setAttribute("aria-describedby", ids.join(" "));
  else control.removeAttribute("aria-describedby");
};

// A photo over the size the server takes: said before sending megabytes over mobile data for nothing.
for (const input of all("input[type=file][data-max-bytes]")) {
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    const tooBig = Boolean(file && file.size > Number(input.dataset.maxBytes));
    if (tooBig) input.value = "";
    fieldError(input.id, tooBig ? input.dataset.tooBig : "");
  });
}

// "Add my position": the browser's location into the form's hidden latitude and longitude.
for (const button of all("button[data-locate]")) {
  const form = button.closest("form");
  const status = button.parentElement.querySelector("[data-locate-status]");
  const say = (text) => {
    status.textContent = text;
  };
  button.addEventListener("click", () => {
    if (!("geolocation" in navigator)) return say(button.dataset.none);
    say(button.dataset.finding);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        form.elements.latitude.value = pos.coords.latitude.toFixed(6);
        form.elements.longitude.value = pos.coords.longitude.toFixed(6);
        say(button.dataset.added.replace("{metres}", String(Math.round(pos.coords.accuracy))));
      },
      () => say(button.dataset.failed),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

// A step that needs a choice (the registration's approve / disapprove): its button waits for one,
// and a "disapprove" needs its reason, said beside the field before the page is sent.
for (const button of all("button[data-needs-choice]")) {
  const form = button.form;
  const group = button.dataset.needsChoice;
  const chosen = () => form.querySelector(`input[name="${group}"]:checked`)?.value;
  const update = () => {
    button.disabled = !chosen();
  };
  update();
  form.addEventListener("change", update);
}
// On the document, before the busy buttons' listener below: a page not sent keeps its buttons.
document.addEventListener("submit", (event) => {
  const { submitter, target: form } = event;
  const reason = submitter?.hasAttribute("data-needs-choice") ? form.querySelector("[data-required-when]") : null;
  if (!reason) return;
  const [name, value] = reason.dataset.requiredWhen.split("=");
  const missing = form.querySelector(`input[name="${name}"]:checked`)?.value === value && !reason.value.trim();
  fieldError(reason.id, missing ? reason.dataset.requiredMessage : "");
  const status = document.querySelector("[data-form-status]");
  if (status) {
    status.replaceChildren();
    if (missing) {
      const notice = document.createElement("p");
      notice.className = "notice notice--error";
      const title = document.createElement("strong");
      title.textContent = status.dataset.errorTitle ?? "";
      notice.append(title, ` ${reason.dataset.requiredMessage}`);
      status.append(notice);
    }
  }
  if (missing) {
    event.preventDefault();
    reason.focus();
  }
});

// A busy button while the page is sent: pressed once, it says so (a slow connection). After the
// event, so the button's own name and value are sent; given back when the page comes back from
// the browser's history.
document.addEventListener("submit", (event) => {
  if (event.defaultPrevented) return;
  const buttons = [...all("button[data-busy-text]", event.target)];
  setTimeout(() => {
    for (const button of buttons) {
      button.dataset.idleText = button.textContent;
      button.textContent = button.dataset.busyText;
      button.disabled = true;
    }
  });
});
addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  for (const button of all("button[data-idle-text]")) {
    button.textContent = button.dataset.idleText;
    button.disabled = false;
  }
});

// Browser notifications (alerts): shown only where the browser has them.
for (const panel of all("[data-needs-push]")) {
  if ("serviceWorker" in navigator && "PushManager" in window) panel.hidden = false;
}
for (const section of all("[data-push-token]")) {
  const button = section.querySelector("button");
  const show = (state) => {
    for (const el of all("[data-push-state]", section)) el.hidden = el.dataset.pushState !== state;
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    show("");
    try {
      const registration = (await navigator.serviceWorker.getRegistration("/")) ?? (await navigator.serviceWorker.register("/sw.js"));
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(section.dataset.pushKey),
      });
      const response = await fetch("/api/v1/alerts/push-subscriptions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: section.dataset.pushToken, subscription: subscription.toJSON() }),
      });
      show(response.ok ? "on" : "failed");
      if (response.ok) section.querySelector("[data-push-ask]").hidden = true;
    } catch {
      show(Notification.permission === "denied" ? "denied" : "failed");
    }
    button.disabled = false;
  });
  if ("serviceWorker" in navigator && "PushManager" in window) section.hidden = false;
}

function base64UrlToBytes(s) {
  const raw = atob((s + "=".repeat((4 - (s.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}
