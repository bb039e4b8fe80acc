// The Persons app in the browser: keeps the page live and sends forms without reloading.
//
// - The page's view model on the server pushes re-rendered parts over server-sent events
//   (the body's data-events address); each replaces the element with the same id.
// - Forms marked data-live are posted with fetch; the server answers 204 and the change comes
//   back as live parts. A form with data-fragment="id" gets its answer in that element.
// - The search box posts as you type, a moment after the last key.
// - A photo that fails to load is removed, uncovering the initials beneath.
// Without this script every form still works, with page loads.
(() => {
  "use strict";

  // The elements matching `selector` in `root`, `root` itself included.
  const within = (root, selector) =>
    [...(root.matches && root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)];

  const wire = (root) => {
    within(root, "form[data-live]").forEach((form) => {
      if (form.dataset.wired) return;
      form.dataset.wired = "1";
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        send(form, event.submitter);
      });
      const input = form.querySelector("input[type=search]");
      if (input) {
        let timer;
        input.addEventListener("input", () => {
          clearTimeout(timer);
          timer = setTimeout(() => send(form), 250);
        });
      }
    });
    within(root, "img[data-avatar]").forEach((img) => {
      const drop = () => img.remove();
      if (img.complete && img.naturalWidth === 0) drop();
      else img.addEventListener("error", drop);
    });
  };

  const send = async (form, submitter) => {
    const body = new URLSearchParams(new FormData(form, submitter));
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body,
        headers: { "X-Requested-With": "fetch" },
      });
      const target = form.dataset.fragment;
      if (target && response.ok) replace(target, await response.text());
      else if (!response.ok) document.body.insertAdjacentHTML("afterbegin", await response.text());
    } catch {
      form.submit();
    }
  };

  const replace = (id, html) => {
    const target = document.getElementById(id);
    if (!target) return;
    // Keep the search box someone is typing in.
    if (target.matches("[data-search]") && target.contains(document.activeElement)) return;
    target.outerHTML = html;
    const fresh = document.getElementById(id);
    if (fresh) wire(fresh);
  };

  const listen = () => {
    const address = document.body.dataset.events;
    if (!address || !window.EventSource) return;
    const source = new EventSource(address);
    source.addEventListener("fragment", (event) => {
      const { id, html } = JSON.parse(event.data);
      replace(id, html);
    });
    document.documentElement.dataset.live = "connecting";
    source.addEventListener("open", () => (document.documentElement.dataset.live = "on"));
    source.addEventListener("error", () => (document.documentElement.dataset.live = "off"));
  };

  wire(document);
  listen();
})();
