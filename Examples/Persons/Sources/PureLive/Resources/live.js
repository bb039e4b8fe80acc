// PureLive's client: keeps a page live over a WebSocket at the page's own address.
//
// - A page marked <body data-live="/its/address"> opens a WebSocket there. Every message is a
//   re-rendered part, {"n": change, "id": element id, "html": its new HTML}, and replaces the
//   element with that id. A field someone is typing in is never overwritten by a part.
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

  const address = document.body && document.body.dataset.live;
  if (!address || !window.WebSocket) return;
  const root = document.documentElement;

  // Fields someone can be typing in.
  const TYPING = "input:not([type=submit]):not([type=button]):not([type=checkbox]):not([type=radio]), textarea";

  // Replaces the part `id` with `html`. A field of it that someone is typing in stays the very
  // element it was (value, caret, selection): it takes the place of its counterpart, by name, in
  // the new part.
  const replace = (id, html) => {
    const target = document.getElementById(id);
    if (!target) return;
    const template = document.createElement("template");
    template.innerHTML = html;
    const fresh = template.content.firstElementChild;
    if (!fresh) return;
    const typing = document.activeElement;
    const keep = typing && target.contains(typing) && typing.matches(TYPING) && typing.name
      ? fresh.querySelector(`[name="${CSS.escape(typing.name)}"]`) : null;
    const caret = keep ? [typing.selectionStart, typing.selectionEnd] : null;
    if (keep) keep.replaceWith(typing);
    target.replaceWith(fresh);
    if (keep) {
      typing.focus({ preventScroll: true });
      if (caret[0] !== null) typing.setSelectionRange(caret[0], caret[1]);
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

  const seconds = (ms) => Math.max(1, Math.round(ms / 1000));

  const connect = () => {
    root.dataset.live = "connecting";
    const url = new URL(address, location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    const giveUp = setTimeout(() => socket.close(), OPEN_TIMEOUT_MS);
    socket.addEventListener("open", () => {
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
      let part;
      try {
        part = JSON.parse(event.data);
      } catch {
        return;
      }
      if (typeof part.id !== "string" || typeof part.html !== "string") return;
      if (typeof part.n === "number") last = Math.max(last, part.n);
      root.dataset.change = String(last);
      replace(part.id, part.html);
    });
    socket.addEventListener("close", () => {
      clearTimeout(giveUp);
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
      setTimeout(connect, wait);
    });
  };

  connect();
})();
