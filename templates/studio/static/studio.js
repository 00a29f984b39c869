// The Oucédonc studio: the recipe in the page, the deck from the server (docs/api.md).
// Every name is written with textContent (never as markup); every change posts the whole recipe
// and shows the deck the server built, the newest answer only.
"use strict";

(function () {
  const words = JSON.parse(document.getElementById("words").textContent);
  const $ = (id) => document.getElementById(id);
  const say = (key, fields) =>
    (words[key] || key).replace(/\{(\w+)\}/g, (m, name) => (fields && name in fields ? String(fields[name]) : m));
  // a name as shown (and printed: core/typography.py): the typographic apostrophe; the recipe
  // keeps the name as the data writes it
  const printed = (name) => String(name).replace(/'/g, "\u2019");
  // a refusal of the server as the page shows it: the API's pointer to the schema files is for
  // scripts ("…; see docs/schemas/oucedonc-recipe"), not for a teacher
  const plain = (message) => String(message).replace(/\s*;\s*\S+\s+docs\/schemas\/\S*\s*$/u, "");

  const recipe = {
    region: null, seed: 1, difficulty: "normal", sites_share: 0.2, cards: null,
    include: [], exclude: [], places: [],
    language: $("language").value, paper: "a4", card_size: "poker", duplex: "long", profile: "home",
  };
  let deck = null;        // the last deck the server built
  // the recipe's `include` names added by the place search (not kept from the cards): the same
  // recipe key, but the teacher added them, and their chips say so ("Added", not "Kept")
  const searched = new Set();
  let asked = 0;          // the number of the newest request
  let side = "front";
  let regionName = "";    // the chosen region's name as shown
  let regionCentre = null; // the commune a region "around" is around ({lat, lon}), when known
  let wholeView = null;    // the map's own viewBox [x, y, width, height] while zoomed in
  let fileNotes = [];      // what the last places file's reading said: shown with the next deal

  // ---------------------------------------------------------------- the server

  async function call(url, options) {
    const response = await fetch(url, Object.assign({ credentials: "same-origin" }, options || {}));
    let body = null;
    try { body = await response.json(); } catch (e) { body = null; }
    if (!response.ok) {
      const error = new Error(body && body.error ? body.error : say("failed"));
      error.reason = body && body.reason;  // a code, where the server gives one (docs/api.md)
      throw error;
    }
    return body;
  }

  function postJSON(url, value) {
    return call(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(value) });
  }

  async function build() {
    if (!recipe.region) return;
    const mine = ++asked;
    setBusy(true);
    try {
      const built = await postJSON("/api/decks", cleanRecipe());
      if (mine !== asked) return;
      showDeck(built);
    } catch (error) {
      if (mine !== asked) return;
      refused(error.message, error.reason);
    } finally {
      if (mine === asked) setBusy(false);
    }
  }

  function cleanRecipe() {
    const copy = Object.assign({}, recipe);
    if (copy.cards === null) delete copy.cards;
    return copy;
  }

  // ---------------------------------------------------------------- states

  function setBusy(busy) {
    document.querySelector(".deck").setAttribute("aria-busy", busy ? "true" : "false");
    if (busy) $("status").textContent = say("dealing");
  }

  function showProblem(message) {
    const box = $("problem");
    box.textContent = plain(message);
    box.hidden = false;
    $("status").textContent = "";
  }

  // The recipe as edited built no deck: the edit stays (it can be undone), and nothing of the
  // previous deck is shown as the current one: its warnings and changes go, its files cannot be
  // downloaded, its cards are marked as the previous deck's and take no edit, and the page's
  // address names no deck (a reload, a link shared, would show the previous one as current).
  // A larger distance is suggested when the region around a commune holds too few places.
  function refused(message, reason) {
    showProblem(message);
    // what a places file just read held that is not a place stays said; the old deck's go
    $("warnings").replaceChildren(...fileNotes.map((text) => item(text)));
    $("warnings").hidden = fileNotes.length === 0;
    fileNotes = [];
    $("changes").hidden = true;
    disableDownloads();
    if (deck) {
      $("stale").hidden = false;
      $("cards-grid").classList.add("stale");
      $("cards-grid").inert = true;
    }
    keepAddress(null);
    showChosen(false);
    const region = recipe.region;
    const steps = [...$("around-km").options].map((o) => Number(o.value));
    const around = region && typeof region === "object" && region.km < Math.max(...steps);
    $("around-hint").hidden = !(around && reason === "too-few-places");
    drawEdits();
  }

  // The chosen region's line: what was chosen, or that it built no deck.
  function showChosen(built) {
    const line = $("region-chosen");
    if (!recipe.region) { line.textContent = ""; return; }
    const around = typeof recipe.region === "object";
    const label = around ? say("around", { name: regionName, km: recipe.region.km }) : regionName;
    line.textContent = built ? (around ? label : say("chosen", { name: regionName })) : say("not_built", { name: label });
    line.classList.toggle("refused", !built);
  }

  const downloads = () => document.querySelectorAll("#downloads a[data-file]");
  const preparing = new Set();  // the files being made for a download

  function disableDownloads() {
    for (const link of downloads()) {
      link.removeAttribute("href");
      link.setAttribute("aria-disabled", "true");
    }
  }

  const narrow = window.matchMedia("(max-width: 900px)");

  function showDeck(built) {
    const previous = deck;
    if (!previous && narrow.matches) {
      // on a phone the cards come below the settings: show them when the first deck is dealt
      document.querySelector(".deck").scrollIntoView({ behavior: "smooth", block: "start" });
    }
    deck = built;
    $("problem").hidden = true;
    $("stale").hidden = true;
    $("cards-grid").classList.remove("stale");
    $("cards-grid").inert = false;
    $("around-hint").hidden = true;
    showChosen(true);
    const places = built.cards.filter((c) => c.kind === "town" || c.kind === "site");
    $("status").textContent = say("ready", { title: printed(built.title), places: places.length, pages: built.pages });
    const warnings = $("warnings");
    const notes = [...fileNotes, ...built.warnings];
    fileNotes = [];
    warnings.replaceChildren(...notes.map((text) => item(text)));
    warnings.hidden = notes.length === 0;
    showChanges(previous, built);
    drawCards(built);
    drawEdits();
    for (const link of downloads()) {
      const file = link.dataset.file;
      link.href = file === "pdf" ? `/api/decks/${built.id}.pdf`
        : file === "phone" ? `/phone/${built.id}`
        : file === "faces" ? `/api/decks/${built.id}/faces.pdf`
        : file.startsWith("export-") ? `/api/decks/${built.id}/export/${file.slice(7)}.zip`
        : `/api/decks/${built.id}/${file}.json`;
      if (!preparing.has(file)) link.removeAttribute("aria-disabled");
    }
    keepAddress(built.id);
    $("seed-label").textContent = say("seed", { seed: recipe.seed });
  }

  // The page's address names the deck shown as current, or none (id null).
  function keepAddress(id) {
    const url = new URL(window.location.href);
    if (id) url.searchParams.set("deck", id);
    else url.searchParams.delete("deck");
    window.history.replaceState(null, "", url);
    // the server wrote the language switch before the deck was drawn: it comes back to this deck
    const link = document.querySelector("a.language");
    if (link) {
      const target = new URL(link.href);
      target.searchParams.set("next", url.pathname + url.search);
      link.href = target.toString();
    }
  }

  function item(text) {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }

  function showChanges(previous, built) {
    const box = $("changes");
    if (!previous || previous.title !== built.title) { box.hidden = true; return; }
    const names = (d) => new Set(d.cards.filter((c) => c.lat !== undefined).map((c) => c.name));
    const before = names(previous), after = names(built);
    const left = [...before].filter((n) => !after.has(n));
    const came = [...after].filter((n) => !before.has(n));
    const parts = [];
    if (left.length) parts.push(say("left", { names: left.map(printed).join(", ") }));
    if (came.length) parts.push(say("came", { names: came.map(printed).join(", ") }));
    box.textContent = parts.join(" ");
    box.hidden = parts.length === 0;
  }

  // ---------------------------------------------------------------- the cards

  function drawCards(built) {
    $("empty").hidden = true;
    const grid = $("cards-grid");
    grid.hidden = false;
    const nodes = [];
    let others = false;
    for (const card of built.cards) {
      const place = card.lat !== undefined;
      if (!place && !others) {
        others = true;
        const heading = document.createElement("li");
        heading.className = "divider";
        // named as the cards print them, in the deck's language (the server's names)
        const named = (kind) => (built.cards.find((c) => c.kind === kind) || {}).name || "";
        heading.textContent = say("other", { intermede: printed(named("intermede")), direction: printed(named("direction")) });
        nodes.push(heading);
      }
      nodes.push(cardNode(built.id, card, place));
    }
    grid.replaceChildren(...nodes);
  }

  function cardNode(id, card, place) {
    const li = document.createElement("li");
    li.className = "card" + (card.kept ? " kept" : "") + (card.own ? " own" : "");
    li.dataset.card = card.id;
    const img = document.createElement("img");
    // a card-shaped placeholder until the picture comes; its alt text is for screen readers
    // (shown only if the picture fails)
    img.className = "loading";
    img.addEventListener("load", () => img.classList.remove("loading"), { once: true });
    img.addEventListener("error", () => img.classList.replace("loading", "failed"), { once: true });
    img.loading = "lazy";
    img.decoding = "async";
    img.width = 180;
    img.height = 251;
    img.src = `/api/decks/${id}/cards/${card.id}/${side}.png`;
    img.alt = say(side === "front" ? "front_of" : "back_of", { name: printed(card.name) });
    li.append(img);
    const caption = document.createElement("div");
    caption.className = "caption";
    const name = document.createElement("strong");
    name.textContent = printed(card.name);
    caption.append(name);
    if (place) {
      const where = document.createElement("span");
      where.className = "coords";
      const [lat, lon] = [card.latitude, card.longitude].map((text) => {
        const part = document.createElement("span");
        part.textContent = text;  // a coordinate never breaks across lines
        return part;
      });
      where.append(lat, " · ", lon);
      caption.append(where);
    }
    li.append(caption);
    if (place) {
      const tools = document.createElement("div");
      tools.className = "tools";
      if (card.own) {
        const badge = document.createElement("span");
        badge.className = "badge";
        badge.textContent = say("yours");
        tools.append(badge);
      } else {
        const keep = button(card.kept ? say("kept") : say("keep"), card.kept ? "unkeep_card" : "keep_card", printed(card.name));
        keep.setAttribute("aria-pressed", card.kept ? "true" : "false");
        keep.className = "mini keep";
        keep.addEventListener("click", () => toggleKeep(card));
        tools.append(keep);
      }
      const remove = button(say("remove"), "remove_card", printed(card.name));
      remove.className = "mini remove";
      remove.addEventListener("click", () => removeCard(card));
      tools.append(remove);
      li.append(tools);
    }
    return li;
  }

  function button(text, labelKey, name) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", say(labelKey, { name }));
    return b;
  }

  // The deck prints a suffix that tells homonyms apart: a département's code in France
  // ("Saint-Denis (93)"), which a recipe takes as it is (docs/api.md), or a province abroad
  // ("Ecublens (Fribourg)"), which it does not: the recipe then names the place as the data does.
  const plainName = (name) => name.replace(/ \([^)]*\)$/, "");
  const CODED = / \((?=[^)]*\d)[0-9A-Za-z]{2,5}\)$/;

  function dataName(card) {
    return CODED.test(card.name) ? card.name : plainName(card.name);
  }

  function keeping(card) {
    // the recipe's names that keep this card: its own, or a homonym's code for it ("Valence
    // (26)" keeps the deck's only Valence)
    const name = dataName(card);
    return (n) => n === name || n === plainName(card.name) || (!CODED.test(card.name) && plainName(n) === card.name);
  }

  function removeCard(card) {
    if (card.own) {
      recipe.places = recipe.places.filter((p) => p.name !== card.name);
    } else {
      const keeps = keeping(card);
      recipe.include = recipe.include.filter((n) => !keeps(n));
      recipe.exclude.push(dataName(card));
    }
    build();
  }

  function toggleKeep(card) {
    const keeps = keeping(card);
    if (card.kept) recipe.include = recipe.include.filter((n) => !keeps(n));
    else {
      recipe.include.push(dataName(card));
      searched.delete(dataName(card));
    }
    build();
  }

  function drawEdits() {
    const chips = [];
    const chip = (text, what, undo) => {
      const li = document.createElement("li");
      const label = document.createElement("span");
      label.textContent = text;
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "×";
      b.setAttribute("aria-label", say("undo", { what: text }));
      b.addEventListener("click", () => { undo(); build(); });
      li.className = "chip " + what;
      li.append(label, b);
      chips.push(li);
    };
    for (const name of recipe.exclude) chip(say("removed", { name: printed(name) }), "out", () => { recipe.exclude = recipe.exclude.filter((n) => n !== name); });
    // the recipe's three lists: exclude (removed), include (kept from the cards, or added by the
    // search: places pnp knows), places (the teacher's own, with their coordinates)
    for (const name of recipe.include) chip(say(searched.has(name) ? "added" : "kept_chip", { name: printed(name) }), "in", () => { recipe.include = recipe.include.filter((n) => n !== name); });
    for (const place of recipe.places) chip(say("own_chip", { name: printed(place.name) }), "own", () => { recipe.places = recipe.places.filter((p) => p !== place); });
    $("edits").replaceChildren(...chips);
  }

  document.querySelectorAll("[data-side]").forEach((b) => b.addEventListener("click", () => {
    side = b.dataset.side;
    document.querySelectorAll("[data-side]").forEach((o) => o.setAttribute("aria-pressed", String(o === b)));
    if (deck) drawCards(deck);
  }));

  // ---------------------------------------------------------------- type-ahead

  function combo(input, list, source, choose) {
    let items = [];
    let active = -1;
    let timer = null;
    let typed = 0;
    const close = () => { list.hidden = true; input.setAttribute("aria-expanded", "false"); active = -1; input.removeAttribute("aria-activedescendant"); };
    const mark = (index) => {
      active = index;
      [...list.children].forEach((li, i) => li.setAttribute("aria-selected", String(i === index)));
      if (index >= 0 && list.children[index]) input.setAttribute("aria-activedescendant", list.children[index].id);
    };
    const pick = (index) => { const hit = items[index]; if (hit) { close(); choose(hit); } };
    input.addEventListener("input", () => {
      clearTimeout(timer);
      const query = input.value;
      const mine = ++typed;
      if (!query.trim()) { close(); return; }
      timer = setTimeout(async () => {
        let found;
        try { found = await source(query); } catch (e) { found = []; }
        if (mine !== typed) return;
        items = found;
        list.replaceChildren(...(found.length ? found.map((hit, i) => {
          const li = document.createElement("li");
          li.id = `${list.id}-${i}`;
          li.setAttribute("role", "option");
          const name = document.createElement("span");
          name.textContent = printed(hit.name);
          const detail = document.createElement("small");
          detail.textContent = [say(hit.kind), hit.within].filter(Boolean).join(" · ");
          li.append(name, detail);
          li.addEventListener("mousedown", (event) => { event.preventDefault(); pick(i); });
          return li;
        }) : [Object.assign(document.createElement("li"), { textContent: say("no_match"), className: "none" })]));
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
        mark(found.length ? 0 : -1);
      }, 120);
    });
    input.addEventListener("keydown", (event) => {
      if (list.hidden) return;
      if (event.key === "ArrowDown") { event.preventDefault(); mark(Math.min(items.length - 1, active + 1)); }
      else if (event.key === "ArrowUp") { event.preventDefault(); mark(Math.max(0, active - 1)); }
      else if (event.key === "Enter") { event.preventDefault(); if (active >= 0) pick(active); }
      else if (event.key === "Escape") { close(); }
    });
    input.addEventListener("blur", () => setTimeout(close, 150));
  }

  const regionSearch = async (q) => (await call(`/api/regions?q=${encodeURIComponent(q)}`)).regions;
  const placeSearch = async (q) => (await call(`/api/places?q=${encodeURIComponent(q)}`)).places;

  function chooseRegion(hit) {
    const input = $("region-search");
    input.value = hit.name;
    regionName = printed(hit.name);
    regionCentre = hit.kind === "commune" && Number.isFinite(hit.lat) ? { lat: hit.lat, lon: hit.lon } : null;
    if (hit.kind === "commune") {
      recipe.region = { around: hit.code, km: Number($("around-km").value) };
      $("around").hidden = false;
      $("around-name").textContent = regionName;
    } else {
      recipe.region = hit.region;
      $("around").hidden = true;
    }
    $("around-hint").hidden = true;
    showChosen(true);
    recipe.include = [];
    recipe.exclude = [];
    highlight(typeof hit.region === "string" ? hit.region : null);
    build();
  }

  $("around-km").addEventListener("change", () => {
    if (recipe.region && typeof recipe.region === "object") {
      recipe.region = { around: recipe.region.around, km: Number($("around-km").value) };
      showChosen(true);
      build();
    }
  });

  combo($("region-search"), $("region-list"), regionSearch, chooseRegion);
  combo($("place-search"), $("place-list"), placeSearch, (hit) => {
    $("place-search").value = "";
    const name = hit.include || hit.name;  // a homonym comes with its code: "Valence (26)"
    if (!recipe.include.includes(name)) {
      recipe.include.push(name);
      searched.add(name);
    }
    recipe.exclude = recipe.exclude.filter((n) => n !== name && n !== hit.name);
    build();
  });

  // ---------------------------------------------------------------- the deck's options

  document.querySelectorAll('input[name="difficulty"]').forEach((r) => r.addEventListener("change", () => { recipe.difficulty = r.value; build(); }));
  $("cards").addEventListener("change", () => {
    const field = $("cards");
    const text = field.value.trim();
    const value = Number(text);
    const low = Number(field.min), high = Number(field.max);
    // said here in words, before the server's schema would say it in its own
    const wrong = text !== "" && !(Number.isInteger(value) && value >= low && value <= high);
    $("cards-problem").textContent = wrong ? say("cards_range", { low, high }) : "";
    $("cards-problem").hidden = !wrong;
    field.setAttribute("aria-invalid", String(wrong));
    if (wrong) return;
    recipe.cards = text === "" ? null : value;
    build();
  });
  $("sites").addEventListener("input", () => { $("sites-value").textContent = `${$("sites").value} %`; });
  $("sites").addEventListener("change", () => { recipe.sites_share = Number($("sites").value) / 100; build(); });
  $("reshuffle").addEventListener("click", () => { recipe.seed += 1; build(); });
  for (const id of ["language", "paper", "card_size", "duplex", "profile"]) {
    $(id).addEventListener("change", () => { recipe[id] = $(id).value; build(); });
  }

  // ---------------------------------------------------------------- downloads

  // A file can take the server half a minute to make (the faces, the online tables' packages):
  // the link says so and takes no second click until the file has come; a refusal is said in
  // words beside the links, where a plain link would have opened the error's JSON in its place.
  for (const link of downloads()) {
    if (link.dataset.file === "phone") continue;  // a page, not a file
    link.addEventListener("click", (event) => {
      event.preventDefault();
      if (link.hasAttribute("href") && !preparing.has(link.dataset.file)) fetchFile(link);
    });
  }

  async function fetchFile(link) {
    const file = link.dataset.file;
    const url = link.href;
    const label = link.textContent;
    const problem = $("download-problem");
    preparing.add(file);
    link.setAttribute("aria-disabled", "true");
    link.setAttribute("aria-busy", "true");
    link.textContent = say("preparing");
    problem.hidden = true;
    try {
      let response;
      try { response = await fetch(url, { credentials: "same-origin" }); } catch (e) { throw new Error(say("failed")); }
      if (!response.ok) {
        let body = null;
        try { body = await response.json(); } catch (e) { body = null; }
        throw new Error(body && body.error ? plain(body.error) : say("failed"));
      }
      const blob = await response.blob();
      const saved = document.createElement("a");
      saved.href = URL.createObjectURL(blob);
      saved.download = fileName(response.headers.get("content-disposition")) || url.split("/").pop();
      saved.hidden = true;
      document.body.append(saved);
      saved.click();
      saved.remove();
      setTimeout(() => URL.revokeObjectURL(saved.href), 60000);
    } catch (error) {
      problem.textContent = say("download_failed", { file: label, reason: error.message });
      problem.hidden = false;
    } finally {
      preparing.delete(file);
      link.textContent = label;
      link.removeAttribute("aria-busy");
      // the deck may have changed meanwhile: the link is live again only if it has a deck's file
      if (link.hasAttribute("href")) link.removeAttribute("aria-disabled");
    }
  }

  function fileName(disposition) {
    const found = /filename="([^"]+)"/.exec(disposition || "");
    return found ? found[1] : "";
  }

  // ---------------------------------------------------------------- files

  $("places-file").addEventListener("change", async () => {
    const file = $("places-file").files[0];
    if (!file) return;
    $("status").textContent = say("reading", { name: file.name });
    try {
      const body = await call(`/api/places/file?name=${encodeURIComponent(file.name)}`, { method: "POST", body: file, headers: { "Content-Type": "application/octet-stream" } });
      addPlaces(body.places);
      fileNotes = body.warnings || [];  // what the file held that is not a place (a line)
      $("status").textContent = say("imported", { count: body.places.length, name: file.name });
      build();
    } catch (error) {
      showProblem(error.message);
    } finally {
      $("places-file").value = "";
    }
  });

  // A place added again under the same name (a corrected spreadsheet imported again, a point
  // clicked once more) replaces the one added before: two would print the same name, and the
  // server refuses such a deck. Names compare nearly as the server's do (core/namekeys.py): no
  // accents, no case, any run of separators one space.
  const sameName = (name) => String(name).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
    .split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(" ");

  function addPlaces(added) {
    const names = new Set(added.map((place) => sameName(place.name)));
    recipe.places = recipe.places.filter((place) => !names.has(sameName(place.name))).concat(added);
  }

  $("recipe-file").addEventListener("change", async () => {
    const file = $("recipe-file").files[0];
    if (!file) return;
    const mine = ++asked;
    setBusy(true);
    try {
      const text = await file.text();
      let opened;
      try {
        opened = JSON.parse(text);
      } catch (error) {
        // a recipe edited by hand (a comma too many): the server says the line at fault, in the
        // page's language, and reads what JSON.parse does not (as the command line does); a file
        // of another kind altogether is not a recipe
        if (!(error instanceof SyntaxError) || !text.trimStart().startsWith("{")) throw error;
        const built = await call(`/api/decks?file=${encodeURIComponent(file.name)}`,
          { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
        if (mine !== asked) return;
        adopt(built);
        return;
      }
      if (!opened || typeof opened !== "object" || Array.isArray(opened)) throw new Error(say("not_recipe"));
      // the other files the studio downloads, told apart by their schema
      if (opened.schema === "pnp.oucedonc.deck") throw new Error(say("deck_file"));
      if (opened.schema === "pnp.oucedonc.game") throw new Error(say("game_file"));
      if (typeof opened.schema === "string" && opened.schema !== "pnp.oucedonc.recipe") throw new Error(say("not_recipe"));
      // the file alone, as `pnp oucedonc deck --recipe` reads it: none of the current edits; a
      // file the server refuses changes nothing (the recipe and the deck shown stay as they were)
      const built = await postJSON("/api/decks", opened);
      if (mine !== asked) return;
      adopt(built);
      // as the API reads it: a recipe without a region is France's deck
      if (!("region" in opened)) $("status").textContent += " " + say("no_region");
    } catch (error) {
      if (mine === asked) {
        showProblem(error instanceof SyntaxError ? say("not_recipe") : error.message);
        // said where she looks: on a phone the refusal's box is a screen away from the button
        $("problem").scrollIntoView({ block: "nearest" });
      }
    } finally {
      if (mine === asked) setBusy(false);
      $("recipe-file").value = "";
    }
  });

  // A deck the page did not build (a recipe opened, a deck's address): its recipe, every field
  // written by the server, replaces the page's, and the controls show it.
  function adopt(built) {
    for (const key of Object.keys(recipe)) delete recipe[key];
    Object.assign(recipe, built.recipe);
    delete recipe.schema; delete recipe.version;
    syncControls();
    showRegion(built);
    showDeck(built);
  }

  function showRegion(built) {
    const region = recipe.region;
    const around = typeof region === "object";
    // region_name: decks cached by an older studio have none
    const name = built.region_name || (around ? region.around : region);
    const shown = !around && isBox(region) ? boxName(region) : name;
    $("region-search").value = shown;
    $("around").hidden = !around;
    regionName = printed(shown);
    // the commune's point, from the server: a recipe's file names the commune by its code alone
    regionCentre = around && built.centre ? { lat: built.centre.lat, lon: built.centre.lon } : null;
    if (around) $("around-name").textContent = regionName;
    highlight(around ? null : region);
  }

  // A box as people read it, in the page's language: "Box 47.49–48.90° N, 4.52–3.36° W"
  // (the recipe keeps "west,south,east,north" in degrees, with signs)
  function boxName(text) {
    const [west, south, east, north] = text.split(",").map(Number);
    const number = (value) => Math.abs(value).toLocaleString(document.documentElement.lang,
      { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const span = (low, high, positive, negative) => {
      const letter = (value) => say(value < 0 ? negative : positive);
      return letter(low) === letter(high)
        ? `${number(low)}–${number(high)}° ${letter(high)}`
        : `${number(low)}° ${letter(low)} – ${number(high)}° ${letter(high)}`;
    };
    return say("box", { box: `${span(south, north, "north", "south")}, ${span(west, east, "east", "west")}` });
  }

  function isBox(region) {
    const parts = region.split(",");
    return parts.length === 4 && parts.every((part) => part.trim() !== "" && Number.isFinite(Number(part)));
  }

  function syncControls() {
    for (const id of ["language", "paper", "card_size", "duplex", "profile"]) if (recipe[id]) $(id).value = recipe[id];
    document.querySelectorAll('input[name="difficulty"]').forEach((r) => { r.checked = r.value === recipe.difficulty; });
    $("cards").value = recipe.cards || "";
    $("sites").value = Math.round((recipe.sites_share || 0) * 100);
    $("sites-value").textContent = `${$("sites").value} %`;
    $("cards-problem").hidden = true;
    $("cards").removeAttribute("aria-invalid");
    if (recipe.region && typeof recipe.region === "object") {
      const km = String(recipe.region.km);
      const menu = $("around-km");
      // a recipe written elsewhere may take a distance the menu does not offer
      if (![...menu.options].some((o) => o.value === km)) menu.append(new Option(`${km} km`, km));
      menu.value = km;
    }
  }

  // ---------------------------------------------------------------- the map

  let mapMode = "pick";   // pick | box | point
  let layer = "departements";
  let svg = null;
  let pending = null;      // the point clicked, waiting for its name

  async function loadMap(which) {
    const frame = $("map");
    try {
      const response = await fetch(`/api/maps/${which}.svg`, { credentials: "same-origin" });
      const text = await response.text();
      const parsed = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
      svg = document.importNode(parsed, true);
      wholeView = null;
      delete frame.dataset.zoomed;
      frame.replaceChildren(svg);
      frame.dataset.layer = layer;
      bindMap();
      highlight(typeof recipe.region === "string" ? recipe.region : null);
      if (mapMode === "point") zoomToRegion(true);
    } catch (e) {
      frame.textContent = say("failed");
    }
  }

  function toDegrees(event) {
    const point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    const local = point.matrixTransform(svg.getScreenCTM().inverse());
    const d = svg.dataset;
    return { lon: Number(d.west) + local.x / Number(d.kx), lat: Number(d.north) - local.y / Number(d.ky), x: local.x, y: local.y };
  }

  function bindMap() {
    svg.querySelectorAll(".area").forEach((area) => {
      const activate = () => {
        if (mapMode !== "pick") return;
        chooseRegion({ name: area.dataset.name, kind: area.classList.contains("country") ? "country" : "region", region: area.dataset.region });
      };
      area.addEventListener("click", activate);
      area.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); activate(); } });
    });
    let start = null;
    let rect = null;
    svg.addEventListener("pointerdown", (event) => {
      if (mapMode === "point") {
        event.preventDefault();  // the press would take the focus back from the name's field
        const at = toDegrees(event);
        pending = at;
        marks().replaceChildren(dot(at));
        $("point-form").hidden = false;
        $("point-where").textContent = say("point_where", { lat: at.lat.toFixed(4), lon: at.lon.toFixed(4) });
        $("point-name").focus();
        return;
      }
      if (mapMode !== "box") return;
      event.preventDefault();
      start = toDegrees(event);
      rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      rect.setAttribute("class", "box");
      marks().replaceChildren(rect);
      svg.setPointerCapture(event.pointerId);
    });
    svg.addEventListener("pointermove", (event) => {
      if (!start || !rect) return;
      const now = toDegrees(event);
      rect.setAttribute("x", Math.min(start.x, now.x)); rect.setAttribute("y", Math.min(start.y, now.y));
      rect.setAttribute("width", Math.abs(now.x - start.x)); rect.setAttribute("height", Math.abs(now.y - start.y));
    });
    svg.addEventListener("pointerup", (event) => {
      if (!start) return;
      const end = toDegrees(event);
      const box = [Math.min(start.lon, end.lon), Math.min(start.lat, end.lat), Math.max(start.lon, end.lon), Math.max(start.lat, end.lat)].map((v) => v.toFixed(3));
      start = null;
      if (Number(box[2]) - Number(box[0]) < 0.05 || Number(box[3]) - Number(box[1]) < 0.05) return;
      const text = box.join(",");
      setMode("pick");
      chooseRegion({ name: boxName(text), kind: "box", region: text });
    });
  }

  function marks() { return svg.querySelector(".marks"); }

  function dot(at) {
    const c = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    const scale = wholeView ? svg.viewBox.baseVal.width / wholeView[2] : 1;  // zoomed in: smaller
    c.setAttribute("cx", at.x); c.setAttribute("cy", at.y); c.setAttribute("r", 6 * scale); c.setAttribute("class", "dot");
    return c;
  }

  // Adding a point, the map shows the chosen region (a box drawn too): on a phone the whole of
  // France is 320 pixels wide (3 km a pixel), a département 30 times closer. The whole map
  // comes back after.

  function regionView() {
    const region = recipe.region;
    if (!svg || !region) return null;
    let box = null;
    const drawn = typeof region === "string" ? region.split(",").map(Number) : [];
    if (drawn.length === 4 && drawn.every(Number.isFinite)) {  // a box: west,south,east,north
      const d = svg.dataset;
      const [west, south, east, north] = drawn;
      box = [(west - Number(d.west)) * Number(d.kx), (Number(d.north) - north) * Number(d.ky),
        (east - west) * Number(d.kx), (north - south) * Number(d.ky)];
    } else if (typeof region === "string") {
      const area = [...svg.querySelectorAll(".area")].find((a) => a.dataset.region === region);
      if (area) { const b = area.getBBox(); box = [b.x, b.y, b.width, b.height]; }
    } else if (regionCentre) {
      const d = svg.dataset;
      const lat = regionCentre.lat, lon = regionCentre.lon, km = region.km;
      const dLat = km / 111.2, dLon = km / (111.2 * Math.max(Math.cos(lat * Math.PI / 180), 0.1));
      const x = (lon - dLon - Number(d.west)) * Number(d.kx), y = (Number(d.north) - lat - dLat) * Number(d.ky);
      box = [x, y, 2 * dLon * Number(d.kx), 2 * dLat * Number(d.ky)];
    }
    if (!box || !(box[2] > 0 && box[3] > 0)) return null;
    const margin = 0.08 * Math.max(box[2], box[3]);
    return [box[0] - margin, box[1] - margin, box[2] + 2 * margin, box[3] + 2 * margin];
  }

  function zoomToRegion(zoomed) {
    if (!svg) return;
    if (zoomed && !wholeView) {
      const view = regionView();
      if (!view) return;
      const b = svg.viewBox.baseVal;
      wholeView = [b.x, b.y, b.width, b.height];
      svg.setAttribute("viewBox", view.join(" "));
      $("map").dataset.zoomed = "true";
      drawLandmarks();
    } else if (!zoomed && wholeView) {
      svg.setAttribute("viewBox", wholeView.join(" "));
      wholeView = null;
      delete $("map").dataset.zoomed;
      svg.querySelector(".landmarks")?.remove();
    }
  }

  // The deck's places on the zoomed map, to click beside the one she knows: a dot each, and
  // the names of the best known (the server's rank, as the deal ranks places), at most a dozen,
  // each inside the view and clear of the other names, beside its dot where no other dot is.
  function drawLandmarks() {
    if (!deck) return;
    const d = svg.dataset;
    // sizes in screen pixels, whatever the zoom and the screen (the view fits in the frame)
    const view = svg.viewBox.baseVal;
    const frame = svg.getBoundingClientRect();
    const scale = Math.max(view.width / Math.max(frame.width, 1), view.height / Math.max(frame.height, 1));
    const group = document.createElementNS("http://www.w3.org/2000/svg", "g");
    group.setAttribute("class", "landmarks");
    marks().before(group);  // drawn, so that a name can be measured
    const places = deck.cards.filter((c) => Number.isFinite(c.lat)).map((card) => (
      { card, x: (card.lon - Number(d.west)) * Number(d.kx), y: (Number(d.north) - card.lat) * Number(d.ky) }));
    for (const { x, y } of places) {
      const dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      dot.setAttribute("cx", x); dot.setAttribute("cy", y); dot.setAttribute("r", 3 * scale);
      dot.setAttribute("class", "landmark");
      group.append(dot);
    }
    const pad = 2 * scale;  // the names' white outline, and a little air
    const overlaps = (a, b) => !(a[0] >= b[2] || a[2] <= b[0] || a[1] >= b[3] || a[3] <= b[1]);
    const inside = (b) => b[0] >= view.x && b[1] >= view.y && b[2] <= view.x + view.width && b[3] <= view.y + view.height;
    const taken = [];
    // a summary cached by an older studio has no rank: the deck's order
    const ranked = [...places].sort((a, b) => (a.card.rank ?? Infinity) - (b.card.rank ?? Infinity));
    for (const { card, x, y } of ranked) {
      if (taken.length === 12) break;
      const label = document.createElementNS("http://www.w3.org/2000/svg", "text");
      label.setAttribute("class", "landmark-name");
      label.setAttribute("font-size", 12 * scale);
      label.setAttribute("stroke-width", 3 * scale);
      label.setAttribute("y", y + 4 * scale);
      label.textContent = printed(card.name);
      group.append(label);
      const width = label.getComputedTextLength();
      let chosen = null;
      for (const left of [x + 6 * scale, x - 6 * scale - width]) {  // right of the dot, else left
        label.setAttribute("x", left);
        const b = label.getBBox();
        const box = [b.x - pad, b.y - pad, b.x + b.width + pad, b.y + b.height + pad];
        if (!inside(box) || taken.some((t) => overlaps(box, t))) continue;
        const free = places.every((p) => p.card === card || !overlaps(box, [p.x - 3 * scale, p.y - 3 * scale, p.x + 3 * scale, p.y + 3 * scale]));
        if (!chosen || (free && !chosen.free)) chosen = { left, box, free };
        if (free) break;
      }
      if (chosen) {
        label.setAttribute("x", chosen.left);
        taken.push(chosen.box);
      } else {
        label.remove();
      }
    }
    group.append(...group.querySelectorAll(".landmark-name"));  // the names over every dot
  }

  function highlight(region) {
    if (!svg) return;
    svg.querySelectorAll(".area").forEach((a) => a.classList.toggle("chosen", a.dataset.region === region));
  }

  function setMode(mode) {
    mapMode = mode;
    zoomToRegion(mode === "point");
    $("map").dataset.mode = mode;
    $("draw-box").setAttribute("aria-pressed", String(mode === "box"));
    $("add-point").setAttribute("aria-pressed", String(mode === "point"));
    $("map-hint").textContent = say(mode === "box" ? "box_hint" : mode === "point" ? "point_hint" : layer === "world" ? "world_hint" : "pick_hint");
  }

  document.querySelectorAll("[data-map]").forEach((b) => b.addEventListener("click", () => {
    document.querySelectorAll("[data-map]").forEach((o) => o.setAttribute("aria-pressed", String(o === b)));
    const wanted = b.dataset.map;
    const which = wanted === "world" ? "world" : "france";
    const reload = !svg || (which === "world") !== (svg.querySelector(".country") !== null);
    layer = wanted;
    $("map").dataset.layer = layer;
    setMode(mapMode);
    if (reload) loadMap(which);
  }));
  $("draw-box").addEventListener("click", () => setMode(mapMode === "box" ? "pick" : "box"));
  $("add-point").addEventListener("click", () => {
    setMode(mapMode === "point" ? "pick" : "point");
    // the map is in the first step: bring it into view to click on it
    if (mapMode === "point") $("map").scrollIntoView({ block: "center" });
  });
  $("point-cancel").addEventListener("click", () => { $("point-form").hidden = true; pending = null; if (svg) marks().replaceChildren(); setMode("pick"); });
  $("point-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("point-name").value.trim();
    if (!name || !pending) return;
    addPlaces([{ name, lat: Number(pending.lat.toFixed(5)), lon: Number(pending.lon.toFixed(5)), kind: "site" }]);
    $("point-name").value = "";
    $("point-form").hidden = true;
    pending = null;
    setMode("pick");
    build();
  });

  // ---------------------------------------------------------------- start

  loadMap("france");
  const opened = new URL(window.location.href).searchParams.get("deck");
  if (opened && /^[0-9a-f]{32}$/.test(opened)) {
    call(`/api/decks/${opened}`).then(adopt).catch((error) => showProblem(error.message));
  }
})();
