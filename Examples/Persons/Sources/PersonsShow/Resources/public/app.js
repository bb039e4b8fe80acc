// The Persons app in the browser: sends forms without reloading. Keeping the page live is the
// live engine's script (live.js), which replaces parts as the server sends them.
//
// - Forms marked data-live are posted with fetch; the server answers 204 and the change comes
//   back as live parts. A form with data-fragment="id" gets its answer in that element.
// - The search box goes to its list's address as you type, a moment after the last key: the
//   first change of a search joins the tab's history, the keys after it refine that entry. A
//   field someone is typing in is never overwritten by a live part.
// - A photo that fails to load is removed, uncovering the initials beneath.
// - A time the server wrote in UTC is said relative to now ("2 minutes ago"), kept current.
// - A page that comes back into view asks the address book for changes at once.
// - The person form (edit, add) keeps what is typed in the browser's storage as it is typed, and
//   offers it again when its page comes back unsaved (the connection back, a reload, the tab
//   opened again); while the page's live connection is down (live.js: <html data-live="off">)
//   its Save waits, and says why.
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
    within(root, "#person-form").forEach((form) => {
      if (form.dataset.wired) return;
      form.dataset.wired = "1";
      form.addEventListener("input", () => typed.keep(form, false));
      form.addEventListener("submit", () => {
        form.dataset.sent = "1";
        typed.keep(form, true);
      });
      typed.offer(form, true);
      waits();
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
  let searched = null;

  // Goes to the list `form` asks for, through the live engine (live.js).
  const search = (form) => {
    const url = new URL(form.action, location.href);
    url.search = new URLSearchParams([...new FormData(form)].filter(([, value]) => value !== "")).toString();
    const replace = searched === location.href;
    document.dispatchEvent(new CustomEvent("live:patch", { detail: { href: url.href, replace } }));
    searched = url.href;
  };

  // Puts a form's answer in place of the element `id`.
  const answer = (id, html) => {
    const target = document.getElementById(id);
    if (!target) return;
    target.outerHTML = html;
    const fresh = document.getElementById(id);
    if (fresh) wire(fresh);
  };

  // What was typed in a person form, kept by the address it posts to: its fields' values, and
  // whether it was sent. Storage the browser refuses (a private window, full) keeps nothing.
  const typed = {
    key: (form) => "persons:typed:" + form.getAttribute("action"),
    values: (form) =>
      Object.fromEntries(
        [...form.querySelectorAll("input:not([type=hidden]), select")].map((field) => [field.name, field.value])
      ),
    read: (key) => {
      try {
        return JSON.parse(localStorage.getItem(key) || "null");
      } catch {
        return null;
      }
    },
    keep: (form, sent, left = false) => {
      try {
        localStorage.setItem(typed.key(form), JSON.stringify({ values: typed.values(form), sent, left }));
      } catch {}
    },
    forget: (key) => {
      try {
        localStorage.removeItem(key);
      } catch {}
    },
    // Offers what was kept for `form` where the form shows otherwise: what a page left unsaved
    // (closed, or gone from) or sent without an answer, or, when the connection comes back, what
    // this page typed. What another open tab is typing is its own. On a page just loaded, a form
    // that shows what was kept has it saved (or typed again): the copy goes.
    offer: (form, loaded) => {
      const key = typed.key(form);
      const kept = typed.read(key);
      if (!kept || !kept.values || (loaded && !kept.sent && !kept.left)) return;
      const differs = Object.entries(kept.values).some(
        ([name, value]) => form.elements[name] && form.elements[name].value !== value
      );
      if (!differs) {
        if (loaded) typed.forget(key);
        return;
      }
      if (form.querySelector(".kept")) return;
      const box = document.createElement("div");
      box.className = "kept";
      box.setAttribute("role", "status");
      const text = document.createElement("p");
      text.textContent = "What you typed here before was not saved.";
      const button = (label, act) => {
        const made = document.createElement("button");
        made.type = "button";
        made.textContent = label;
        made.addEventListener("click", () => {
          act();
          box.remove();
        });
        return made;
      };
      box.append(
        text,
        button("Put it back", () => {
          for (const [name, value] of Object.entries(kept.values)) {
            if (form.elements[name]) form.elements[name].value = value;
          }
          typed.keep(form, false);
        }),
        button("Discard it", () => typed.forget(key))
      );
      form.prepend(box);
    },
  };

  // A form sent, and the page it led to shown: the save went through, its copy goes. (A save
  // refused shows its form again, at the address it posted to.)
  const arrived = () => {
    if (!document.referrer) return;
    const from = new URL(document.referrer, location.href);
    if (from.origin !== location.origin || from.pathname === location.pathname) return;
    const key = "persons:typed:" + from.pathname;
    const kept = typed.read(key);
    if (kept && kept.sent) typed.forget(key);
  };

  // Save waits while the page's live connection is down, and says why; when it is back, what was
  // typed and is no longer shown (a part sent again) is offered.
  const waits = () => {
    const off = document.documentElement.dataset.live === "off";
    document.querySelectorAll("#person-form").forEach((form) => {
      const save = form.querySelector("button[type=submit]");
      if (!save) return;
      save.disabled = off;
      const note = form.querySelector(".waits");
      if (off && !note) {
        const made = document.createElement("p");
        made.className = "waits";
        made.id = "save-waits";
        made.setAttribute("role", "status");
        made.textContent = "Saving waits for the connection to come back; what you typed is kept.";
        save.after(made);
        save.setAttribute("aria-describedby", "save-waits");
      } else if (!off && note) {
        note.remove();
        save.removeAttribute("aria-describedby");
      }
      if (!off) typed.offer(form, false);
    });
  };
  new MutationObserver(waits).observe(document.documentElement, { attributes: true, attributeFilter: ["data-live"] });
  arrived();
  // A page left (closed, or gone from) with what was typed unsaved marks it so: the next page of
  // that form offers it.
  addEventListener("pagehide", () => {
    document.querySelectorAll("#person-form").forEach((form) => {
      const kept = typed.read(typed.key(form));
      if (kept && !form.dataset.sent) typed.keep(form, false, true);
    });
  });

  // Each time the server wrote (<time data-ago datetime="…Z">, a UTC time, for a page read
  // without this script) is said relative to now in the reader's words ("2 minutes ago"), with
  // their local date and time on hover, and kept current.
  const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  const ago = (root) =>
    within(root, "time[data-ago]").forEach((time) => {
      const at = Date.parse(time.getAttribute("datetime"));
      if (Number.isNaN(at)) return;
      const seconds = Math.round((at - Date.now()) / 1000);
      const away = Math.abs(seconds);
      time.textContent =
        away < 10 ? (seconds <= 0 ? "just now" : "in a few seconds")
        : away < 60 ? relative.format(seconds, "second")
        : away < 3600 ? relative.format(Math.round(seconds / 60), "minute")
        : away < 86400 ? relative.format(Math.round(seconds / 3600), "hour")
        : new Date(at).toLocaleString();
      time.title = new Date(at).toLocaleString();
    });
  setInterval(() => ago(document), 5000);

  // A page that comes back into view asks the address book for changes at once: while it was
  // hidden the server may have checked less often.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    fetch("/carddav/check", { method: "POST", headers: { "X-Requested-With": "fetch" } }).catch(() => {});
  });

  // A part the live engine replaced (live.js) is wired like the page was.
  document.addEventListener("live:replaced", (event) => {
    wire(event.target);
    ago(event.target);
  });
  wire(document);
  ago(document);
})();
