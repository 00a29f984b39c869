// The phone page's doubt: two cards and a direction, settled by the referee on the deck's backs.
"use strict";

(function () {
  const words = JSON.parse(document.getElementById("words").textContent);
  const form = document.getElementById("verify");
  const out = document.getElementById("verdict");

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
      const rows = Object.entries(body.printed).map(([name, [lat, lon]]) => line(`${name} · ${lat} · ${lon}`, "coords"));
      out.replaceChildren(line(body.sentence, body.correct ? "yes" : "no"), ...rows);
    } catch (error) {
      out.replaceChildren(line(words.failed, "alert"));
    }
  });
})();
