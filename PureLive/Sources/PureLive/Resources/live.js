// PureLive's client: keeps a page live over a WebSocket at the page's own address.
//
// - A page marked <body data-live="/its/address"> opens a WebSocket at its address (path and
//   query, as the location bar has it). Every message is a re-rendered part, {"n": change,
//   "id": element id, "html": its new HTML}, and replaces the element with that id. A part it
//   was sent before may come as an edit of it, {"n", "id", "base": the change it edits,
//   "splice": [head, tail], "html"}: the part's HTML is the first `head` and last `tail` code
//   units of that change's HTML with "html" between. An edit of a part the page does not have
//   (which the server never sends) asks the socket for every part again. A field
//   someone is typing in, or has changed since it was shown, is never overwritten by a part: it
//   stays as they left it, and the fields they did not touch take the part's values.
// - A link or a GET form marked data-live-patch goes to another address of the same live page
//   without loading it: the address joins the tab's history (Back and Forward walk it), and the
//   page moves there over the socket it has (it sends the address as a text message). The
//   server answers {"at": address} and every part of it, and the page shows no part until the
//   answer for the newest address it asked for: a part of the old address or of one typed past
//   never shows. An address the server cannot open comes back as {"load": address}, which the
//   page loads as a whole (its request gets a page saying why). Another script can do the
//   same: dispatch "live:patch" on document with {detail: {href, replace}} (replace: the new
//   address takes the place of the current one in the history). A link lands where loading
//   its address would: at the element its fragment names (<a href="?page=2#list">), or at the
//   top of the page.
// - When the socket closes (a server restart, a network change), it reconnects by itself, after
//   a random wait under a ceiling that doubles with each failure, from 0.25 s to 4 s ("full
//   jitter"), so that a thousand pages do not all come back in the same millisecond, and all are
//   back within seconds of the server. Back, the server sends every part afresh.
// - Meanwhile the page says so: <html data-live> is "connecting", "on" or "off", and an element
//   #live-status tells the reader that updates are paused, and for how long they were.
// - A replaced part is announced with a "live:replaced" event on the new element, for the app's
//   own script to wire it.
// Without this script the page is a plain page: its forms post and load pages as usual.
(() => {
  "use strict";

  if (!document.body || document.body.dataset.live === undefined || !window.WebSocket) return;
  const root = document.documentElement;

  // Fields someone can be typing in.
  const TYPING = "input:not([type=submit]):not([type=button]):not([type=checkbox]):not([type=radio]), textarea";

  // Whether parts replace even a field being typed in: after Back or Forward, until the next
  // key, the page shows that address's own.
  let overwrite = false;
  document.addEventListener("input", () => { overwrite = false; }, true);

  // Whether the reader changed `field` since it was shown: typed in it, or chose another option.
  const changed = (field) => field.matches("select")
    ? [...field.options].some((option) => option.selected !== option.defaultSelected)
    : field.matches(TYPING) && field.value !== field.defaultValue;

  // Replaces the part `id` with `html`. A field of it that someone is typing in, or has changed
  // to a value the part does not show, stays the very element it was (value, caret, selection):
  // it takes the place of its counterpart, by name, in the new part. A changed field the part
  // shows as it is (what was typed got saved, or the page moved to an address showing it) takes
  // the part's, and follows the parts again.
  const replace = (id, html) => {
    const target = document.getElementById(id);
    if (!target) return;
    const template = document.createElement("template");
    template.innerHTML = html;
    const fresh = template.content.firstElementChild;
    if (!fresh) return;
    const typing = overwrite ? null : document.activeElement;
    const caret = typing && typing.matches(TYPING) ? [typing.selectionStart, typing.selectionEnd] : null;
    const kept = [];
    for (const field of overwrite ? [] : target.querySelectorAll("input[name], textarea[name], select[name]")) {
      const counterpart = fresh.querySelector(`[name="${CSS.escape(field.name)}"]`);
      if (!counterpart || counterpart.tagName !== field.tagName) continue;
      if (field === typing && field.matches(TYPING)) {
        if (field.value === counterpart.value) field.defaultValue = counterpart.defaultValue;
      } else if (!changed(field) || field.value === counterpart.value) {
        continue;
      }
      counterpart.replaceWith(field);
      kept.push(field);
    }
    target.replaceWith(fresh);
    if (typing && kept.includes(typing)) {
      typing.focus({ preventScroll: true });
      if (caret && caret[0] !== null) typing.setSelectionRange(caret[0], caret[1]);
    }
    fresh.dispatchEvent(new CustomEvent("live:replaced", { bubbles: true }));
  };

  // What the reader is told about the live updates.
  const status = document.createElement("p");
  status.id = "live-status";
  status.setAttribute("role", "status");
  status.hidden = true;
  document.body.prepend(status);
  const say = (text) => {
    status.textContent = text;
    status.hidden = !text;
  };

  const OFFLINE_NOTICE_MS = 2000; // how long a lost socket may take to come back before the page says so
  const OPEN_TIMEOUT_MS = 5000; // how long an opening socket may take before it is given up
  const FIRST_WAIT_MS = 250; // the first retry's ceiling; it doubles with each failure
  const LONGEST_WAIT_MS = 4000; // the highest ceiling
  let failures = 0;
  let offlineSince = null; // when the page last had a working socket, while it has none
  let notice = null;
  let last = 0; // the number of the newest change received
  let current = null; // the socket of the page's address now; others are being closed
  let retry = null;
  let socketPath = null; // the path of the current socket's page
  let asked = null; // the address the page asked its socket to move to, until the socket is there
  let parts = new Map(); // each part's last HTML received, and its change number: what an edit edits
  const PATCH_LIMIT = 4096; // the longest address sent over the socket (the server's limit)
  const here = () => location.pathname + location.search;

  const seconds = (ms) => Math.max(1, Math.round(ms / 1000));

  const connect = () => {
    clearTimeout(retry);
    root.dataset.live = "connecting";
    const url = new URL(here(), location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    socketPath = location.pathname;
    current = socket;
    asked = null;
    parts = new Map();
    const giveUp = setTimeout(() => socket.close(), OPEN_TIMEOUT_MS);
    socket.addEventListener("open", () => {
      if (socket !== current) return;
      clearTimeout(giveUp);
      clearTimeout(notice);
      failures = 0;
      root.dataset.live = "on";
      if (offlineSince !== null) {
        say(`Live updates are back after ${seconds(Date.now() - offlineSince)} s offline; the page is up to date.`);
        setTimeout(() => root.dataset.live === "on" && say(""), 5000);
      }
      offlineSince = null;
    });
    socket.addEventListener("message", (event) => {
      if (socket !== current) return;
      let part;
      try {
        part = JSON.parse(event.data);
      } catch {
        return;
      }
      if (typeof part.at === "string") {
        if (part.at === asked) asked = null;
        return;
      }
      if (typeof part.load === "string") {
        if (part.load === here()) location.reload();
        return;
      }
      if (asked !== null) return;
      if (typeof part.id !== "string" || typeof part.html !== "string" || typeof part.n !== "number") return;
      let html = part.html;
      if (part.splice !== undefined) {
        const base = parts.get(part.id);
        const [head, tail] = Array.isArray(part.splice) ? part.splice : [];
        if (!base || base.n !== part.base || !Number.isInteger(head) || !Number.isInteger(tail) ||
            head < 0 || tail < 0 || head + tail > base.html.length) {
          move();
          return;
        }
        html = base.html.slice(0, head) + html + base.html.slice(base.html.length - tail);
      }
      parts.set(part.id, { n: part.n, html });
      last = Math.max(last, part.n);
      root.dataset.change = String(last);
      replace(part.id, html);
    });
    socket.addEventListener("close", () => {
      clearTimeout(giveUp);
      if (socket !== current) return;
      root.dataset.live = "off";
      if (offlineSince === null) {
        offlineSince = Date.now();
        notice = setTimeout(() => say("Live updates are paused: reconnecting…"), OFFLINE_NOTICE_MS);
      } else {
        say(`Offline for ${seconds(Date.now() - offlineSince)} s: reconnecting…`);
      }
      failures += 1;
      // Full jitter: anywhere from nothing to the ceiling.
      const wait = Math.random() * Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(failures, 10));
      retry = setTimeout(connect, wait);
    });
  };

  // The page shows another address of itself: the socket it has moves there, or, when it has
  // none open (or the address is too long to send), a socket at that address takes its place.
  const move = () => {
    const address = here();
    if (current && current.readyState === WebSocket.OPEN && socketPath === location.pathname &&
        address.length <= PATCH_LIMIT) {
      asked = address;
      current.send(address);
      return;
    }
    const old = current;
    current = null;
    if (old) old.close();
    connect();
  };

  const patch = (href, replace) => {
    const url = new URL(href, location.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname) {
      location.assign(url);
      return;
    }
    if (url.href === location.href) return;
    if (replace) history.replaceState(null, "", url);
    else history.pushState(null, "", url);
    move();
  };

  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[data-live-patch]");
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab or window
    event.preventDefault();
    patch(link.href, false);
    const landing = link.hash ? document.getElementById(decodeURIComponent(link.hash.slice(1))) : null;
    if (landing) landing.scrollIntoView();
    else window.scrollTo(0, 0);
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("form[data-live-patch]") || event.defaultPrevented) return;
    event.preventDefault();
    const url = new URL(form.action, location.href);
    // Fields left empty are left out of the address, as they change nothing.
    const fields = [...new FormData(form, event.submitter)].filter(([, value]) => value !== "");
    url.search = new URLSearchParams(fields).toString();
    patch(url.href, false);
  });
  document.addEventListener("live:patch", (event) => patch(event.detail.href, Boolean(event.detail.replace)));
  window.addEventListener("popstate", () => {
    overwrite = true;
    move();
  });

  connect();
})();
