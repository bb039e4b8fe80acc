// The Persons app in the browser: keeps the page live and sends forms without reloading.
//
// - The page's view model on the server pushes re-rendered parts over server-sent events
//   (the body's data-events address); each replaces the element with the same id.
// - Forms marked data-live are posted with fetch; the server answers 204 and the change comes
//   back as live parts. A form with data-fragment="id" gets its answer in that element.
// - The search box posts as you type, a moment after the last key. A field someone is typing
//   in is never overwritten by a live part.
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
    });
    // A search box sends its form a moment after the last key. It asks for its form when it
    // fires: a live part may have moved the box into a new form meanwhile (see replace).
    within(root, "form[data-live] input[type=search]").forEach((input) => {
      if (input.dataset.wired) return;
      input.dataset.wired = "1";
      let timer;
      input.addEventListener("input", () => {
        clearTimeout(timer);
        timer = setTimeout(() => input.form && send(input.form), 250);
      });
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

  // Fields someone can be typing in.
  const TYPING = "input:not([type=submit]):not([type=button]):not([type=checkbox]):not([type=radio]), textarea";

  // Replaces the part `id` with `html`. A field of it that someone is typing in stays the very
  // element it was (value, caret, selection): it takes the place of its counterpart, by name, in
  // the new part, whatever the part is.
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
    wire(fresh);
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
