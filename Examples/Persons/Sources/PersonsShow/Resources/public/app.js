// The Persons app in the browser: sends forms without reloading. Keeping the page live is the
// live engine's script (live.js), which replaces parts as the server sends them.
//
// - Forms marked data-live are posted with fetch; the server answers 204 and the change comes
//   back as live parts. A form with data-fragment="id" gets its answer in that element.
// - The search box goes to its list's address as you type, a moment after the last key: the
//   first change of a search joins the tab's history, the keys after it refine that entry. A
//   field someone is typing in is never overwritten by a live part.
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
    // A search box submits its form a moment after the last key. It asks for its form when it
    // fires: a live part may have moved the box into a new form meanwhile (see live.js). A box
    // a part replaced instead (the page moved on, by a submit, Back or another tab) is no longer
    // the page's: its form would send what it held, without the fields outside it (the filters).
    within(root, "form[data-live-patch] input[type=search]").forEach((input) => {
      if (input.dataset.wired) return;
      input.dataset.wired = "1";
      let timer;
      input.addEventListener("input", () => {
        clearTimeout(timer);
        timer = setTimeout(() => input.isConnected && input.form && search(input.form), 250);
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
      if (target && response.ok) answer(target, await response.text());
      else if (!response.ok) document.body.insertAdjacentHTML("afterbegin", await response.text());
    } catch {
      form.submit();
    }
  };

  // The address the search box last went to as it was typed in: typing on refines that entry.
  let typed = null;

  // Goes to the list `form` asks for, through the live engine (live.js).
  const search = (form) => {
    const url = new URL(form.action, location.href);
    url.search = new URLSearchParams([...new FormData(form)].filter(([, value]) => value !== "")).toString();
    const replace = typed === location.href;
    document.dispatchEvent(new CustomEvent("live:patch", { detail: { href: url.href, replace } }));
    typed = url.href;
  };

  // Puts a form's answer in place of the element `id`.
  const answer = (id, html) => {
    const target = document.getElementById(id);
    if (!target) return;
    target.outerHTML = html;
    const fresh = document.getElementById(id);
    if (fresh) wire(fresh);
  };

  // A part the live engine replaced (live.js) is wired like the page was.
  document.addEventListener("live:replaced", (event) => wire(event.target));
  wire(document);
})();
