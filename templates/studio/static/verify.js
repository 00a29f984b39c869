// The phone page's doubt: two cards and a direction, settled by the referee on the deck's backs.
"use strict";

(function () {
  const words = JSON.parse(document.getElementById("words").textContent);
  const form = document.getElementById("verify");
  const out = document.getElementById("verdict");
  // names shown take the typographic apostrophe, as the referee page prints them; what is typed
  // and matched keeps the data's (the referee takes ' and ’ alike)
  const printed = (text) => String(text).replace(/'/g, "\u2019");

  function line(text, className) {
    const p = document.createElement("p");
    p.textContent = text;
    if (className) p.className = className;
    return p;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const query = new URLSearchParams(new FormData(form));
    out.replaceChildren();
    try {
      const response = await fetch(`/api/decks/${form.dataset.deck}/verify?${query}`, { credentials: "same-origin" });
      const body = await response.json().catch(() => null);
      if (!response.ok) {
        out.replaceChildren(line(body && body.error ? body.error : words.failed, "alert"));
        return;
      }
      const rows = Object.entries(body.printed).map(([name, [lat, lon]]) => line(`${printed(name)} · ${lat} · ${lon}`, "coords"));
      out.replaceChildren(line(printed(body.sentence), body.correct ? "yes" : "no"), ...rows);
    } catch (error) {
      out.replaceChildren(line(words.failed, "alert"));
    }
  });
})();
