// The other games' material: the options posted, the files listed with their first page.
"use strict";

(function () {
  const words = JSON.parse(document.getElementById("words").textContent);
  const say = (key, fields) => (words[key] || key).replace(/\{(\w+)\}/g, (m, n) => (fields && n in fields ? String(fields[n]) : m));
  const form = document.getElementById("material");
  const status = document.getElementById("status");
  const problem = document.getElementById("problem");
  const list = document.getElementById("files");

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = Object.fromEntries(new FormData(form).entries());
    const variants = {};
    for (const control of form.querySelectorAll("[data-variant]")) {
      const type = control.dataset.type;
      variants[control.dataset.variant] =
        type === "flag" ? control.checked : type === "number" ? Number(control.value) : control.value;
    }
    if (Object.keys(variants).length) options.variants = variants;
    status.textContent = say("making");
    problem.hidden = true;
    // the files of the options asked before go: a refusal must leave nothing of theirs to download
    list.replaceChildren();
    form.querySelector("button").disabled = true;
    try {
      const response = await fetch(`/api/material/${form.dataset.game}`, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json" }, body: JSON.stringify(options),
      });
      const body = await response.json().catch(() => null);
      if (!response.ok) throw new Error(body && body.error ? body.error : say("failed"));
      list.replaceChildren(...body.files.map(show));
      status.textContent = say("made", { count: body.files.length });
      // a part of the material the options could not make: said, the rest still offered
      const failures = Array.isArray(body.failures) ? body.failures : [];
      if (failures.length) {
        const reasons = document.createElement("ul");
        reasons.replaceChildren(...failures.map((text) => Object.assign(document.createElement("li"), { textContent: String(text) })));
        problem.replaceChildren(Object.assign(document.createElement("p"), { textContent: say("not_made") }), reasons);
        problem.hidden = false;
      }
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
      status.textContent = "";
    } finally {
      form.querySelector("button").disabled = false;
    }
  });

  function show(file) {
    const li = document.createElement("li");
    if (file.preview) {
      const img = document.createElement("img");
      img.src = file.preview;
      img.alt = say("preview", { name: file.name });
      img.loading = "lazy";
      li.append(img);
    }
    const name = document.createElement("strong");
    name.textContent = file.name;
    li.append(name);
    if (!file.preview && file.name.endsWith(".zip")) {  // no first page to show: what it holds
      const about = document.createElement("p");
      about.className = "about";
      about.textContent = say("archive");
      li.append(about);
    }
    const link = document.createElement("a");
    link.className = "button primary";
    link.href = file.url;
    // the file's name is the tile's title: the button says the action, and is named in full
    link.textContent = say("download_short");
    link.setAttribute("aria-label", say("download", { name: file.name }));
    li.append(link);
    return li;
  }
})();
