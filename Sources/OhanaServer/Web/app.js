// Ohana address book page. Every piece of data goes into the page through textContent or
// attribute setters, never through HTML strings.
"use strict";

const PAGE = 100;
const state = {
  order: "fullName",
  browse: { offset: 0, total: 0, loaded: 0, query: "" },
  pick: { session: null, picker: null, query: "", loaded: 0, total: 0 },
  pickers: [],
};

// ---- helpers ---------------------------------------------------------------

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

function showError(message) {
  const box = document.getElementById("error");
  box.textContent = message;
  box.hidden = !message;
}

async function api(path, options = {}) {
  const init = { method: options.method || "GET", headers: {} };
  if (options.body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  if (response.status === 204) return null;
  let payload = null;
  try { payload = await response.json(); } catch (_) { payload = null; }
  if (!response.ok) {
    const message = payload && payload.error && payload.error.message ? payload.error.message : response.statusText;
    throw new Error(message);
  }
  return payload;
}

function debounce(fn, ms) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

function highlighted(segments) {
  return segments.map((s) => (s.match ? el("mark", { text: s.text }) : document.createTextNode(s.text)));
}

function avatar(row) {
  if (row.hasPhoto) {
    return el("img", { class: "avatar", alt: "", src: "/api/contacts/" + encodeURIComponent(row.contactID) + "/photo" });
  }
  const initial = (row.name || "?").trim().charAt(0) || "?";
  return el("span", { class: "avatar initial", "aria-hidden": "true", text: initial.toUpperCase() });
}

// ---- views -----------------------------------------------------------------

function showView(name) {
  for (const tab of document.querySelectorAll(".tab")) tab.setAttribute("aria-pressed", String(tab.dataset.view === name));
  for (const view of document.querySelectorAll(".view")) view.hidden = view.id !== "view-" + name;
  showError("");
  if (name === "merge") loadMerges().catch((e) => showError(e.message));
  if (name === "stats") loadStatistics().catch((e) => showError(e.message));
  if (name === "review") loadReview().catch((e) => showError(e.message));
  if (name === "pick" && !state.pick.session && !pickerStarting) startPicker(state.pickers[0] && state.pickers[0].id).catch((e) => showError(e.message));
}

// ---- browse ----------------------------------------------------------------

function contactItem(row, segments, matchedIn, label) {
  const name = el("span", { class: "name" }, matchedIn === "name" && segments ? highlighted(segments) : row.name);
  const lines = [name];
  if (segments && matchedIn !== "name") {
    lines.push(el("span", { class: "sub match-line" }, label ? el("span", { class: "label", text: label + " " }) : null, highlighted(segments)));
  } else if (row.subtitle) {
    lines.push(el("span", { class: "sub", text: row.subtitle }));
  }
  return el("li", { class: "row", dataset: { id: row.id, section: row.section } },
    el("button", { type: "button", class: "row-button", onclick: () => showDetail(row.contactID) },
      avatar(row), el("span", { class: "lines" }, lines)));
}

async function loadList(offset = 0, append = false) {
  const page = await api(`/api/contacts?order=${state.order}&offset=${offset}&limit=${PAGE}`);
  const list = document.getElementById("list");
  if (!append) clear(list);
  let lastSection = append && list.lastElementChild ? list.lastElementChild.dataset.section : null;
  for (const row of page.contacts) {
    if (row.section !== lastSection) {
      list.append(el("li", { class: "section-header", id: "section-" + page.sections.findIndex((s) => s.title === row.section), text: row.section }));
      lastSection = row.section;
    }
    list.append(contactItem(row));
  }
  state.browse = { offset: page.offset, total: page.total, loaded: page.offset + page.contacts.length, query: "" };
  renderIndex(page.sections);
  document.getElementById("list-status").textContent =
    page.total === 0 ? "The store has no contacts yet." : `${page.total} contacts` + (page.offset > 0 ? `, from ${page.contacts[0] ? page.contacts[0].section : ""}` : "");
  document.getElementById("more").hidden = state.browse.loaded >= page.total;
}

function renderIndex(sections) {
  const index = document.getElementById("section-index");
  clear(index);
  for (const section of sections) {
    index.append(el("button", {
      type: "button", class: "index-entry", title: `${section.title}: ${section.count}`, text: section.title,
      onclick: () => jumpTo(section),
    }));
  }
}

async function jumpTo(section) {
  document.getElementById("search").value = "";
  await loadList(section.offset, false);
  document.getElementById("list").scrollTop = 0;
}

async function runSearch() {
  const query = document.getElementById("search").value;
  if (!query.trim()) { await loadList(0); return; }
  const results = await api(`/api/search?q=${encodeURIComponent(query)}&order=${state.order}&limit=${PAGE}`);
  if (document.getElementById("search").value !== query) return; // a newer query is on its way
  const list = document.getElementById("list");
  clear(list);
  for (const hit of results.results) list.append(contactItem(hit.contact, hit.segments, hit.matchedIn, hit.label));
  document.getElementById("list-status").textContent =
    results.total === 0 ? `No contact matches “${query}”.` : `${results.total} match${results.total === 1 ? "" : "es"}` + (results.total > results.results.length ? `, showing ${results.results.length}` : "");
  document.getElementById("more").hidden = true;
  state.browse.query = query;
}

// ---- pick ------------------------------------------------------------------

async function loadPickers() {
  const { pickers } = await api("/api/pickers");
  state.pickers = pickers;
  const select = document.getElementById("picker");
  clear(select);
  for (const picker of pickers) select.append(el("option", { value: picker.id, text: picker.title }));
}

// Each start gets a number; an answer to an older start (the tab's default picker answering
// after the user already chose another) closes its session and changes nothing.
let pickerStarts = 0;
let pickerStarting = false;

// Requests still in flight, by picker session. A session is closed only once its own requests
// have answered: closing it at once (the user picks another picker while the first page of rows
// is loading) would let the close overtake the page load, which then fails with "not found".
const sessionRequests = new Map();

function sessionApi(session, path, options) {
  const request = api(`/api/sessions/${session}${path}`, options);
  if (!sessionRequests.has(session)) sessionRequests.set(session, new Set());
  const pending = sessionRequests.get(session);
  pending.add(request);
  const settle = () => {
    pending.delete(request);
    if (!pending.size && sessionRequests.get(session) === pending) sessionRequests.delete(session);
  };
  request.then(settle, settle);
  return request;
}

function closeSession(session) {
  const pending = [...(sessionRequests.get(session) || [])];
  Promise.allSettled(pending).then(() => api("/api/sessions/" + session, { method: "DELETE" })).catch(() => {});
}

async function startPicker(id) {
  if (!id) return;
  const start = ++pickerStarts;
  pickerStarting = true;
  document.getElementById("picker").value = id;
  if (state.pick.session) closeSession(state.pick.session);
  state.pick.session = null;
  clearPicker();
  let session;
  try {
    session = await api("/api/sessions", { method: "POST", body: { picker: id, order: state.order } });
  } finally {
    if (start === pickerStarts) pickerStarting = false;
  }
  if (start !== pickerStarts) {
    closeSession(session.session);
    return;
  }
  state.pick = { session: session.session, picker: session.picker, query: "", loaded: 0, total: 0 };
  document.getElementById("picker").value = id;
  document.getElementById("picker-summary").textContent = session.picker.summary;
  const rules = document.getElementById("picker-rules");
  clear(rules);
  for (const filter of session.picker.filters) rules.append(el("li", {}, el("code", { text: filter.name }), " " + filter.summary));
  for (const processor of session.picker.postProcessors) rules.append(el("li", {}, el("code", { text: processor }), " one row per value"));
  if (!session.picker.filters.length) rules.append(el("li", { text: "no selection rules" }));
  document.getElementById("pick-search").value = "";
  for (const format of ["vcard", "csv", "json"]) {
    document.getElementById("export-" + format).href = `/api/sessions/${session.session}/export?format=${format}`;
  }
  showRefusals([]);
  renderSelection(session);
  await loadPickRows(0, false);
}

// What the picker before showed goes as soon as another starts: a row of its left on screen could
// be clicked into the new session, which has no such row, and its export links name a closed session.
function clearPicker() {
  clear(document.getElementById("pick-rows"));
  document.getElementById("pick-status").textContent = "Loading…";
  document.getElementById("pick-more").hidden = true;
  for (const format of ["vcard", "csv", "json"]) document.getElementById("export-" + format).removeAttribute("href");
  showRefusals([]);
  renderSelection({ selected: [] });
}

async function loadPickRows(offset, append) {
  const { session, query } = state.pick;
  if (!session) return;
  const page = await sessionApi(session, `/rows?offset=${offset}&limit=${PAGE}` + (query ? `&q=${encodeURIComponent(query)}` : ""));
  if (state.pick.session !== session || state.pick.query !== query) return;
  const list = document.getElementById("pick-rows");
  if (!append) clear(list);
  for (const row of page.rows) {
    const segments = page.highlights[row.id];
    const box = el("input", { type: "checkbox", class: "pick-box", "aria-label": "Select " + row.name });
    box.checked = !!row.selected;
    box.addEventListener("change", () => toggle(session, row, box));
    list.append(el("li", { class: "row", dataset: { id: row.id } },
      el("label", { class: "pick-label" }, box, avatar(row),
        el("span", { class: "lines" },
          el("span", { class: "name" }, segments && !row.subtitle ? highlighted(segments) : row.name),
          row.subtitle ? el("span", { class: "sub" }, segments && segments.map((s) => s.text).join("") === row.subtitle ? highlighted(segments) : row.subtitle) : null))));
  }
  state.pick.loaded = page.offset + page.rows.length;
  state.pick.total = page.total;
  document.getElementById("pick-status").textContent = `${page.total} row${page.total === 1 ? "" : "s"}`;
  document.getElementById("pick-more").hidden = state.pick.loaded >= page.total;
}

// A row belongs to the session that listed it: a click on it once another session has started
// (a row still on screen for a moment) changes nothing.
async function toggle(session, row, box) {
  const action = box.checked ? "select" : "deselect";
  if (state.pick.session !== session) { box.checked = !box.checked; return; }
  try {
    const result = await sessionApi(session, "/" + action, { method: "POST", body: { ids: [row.id] } });
    if (state.pick.session !== session) return;
    showRefusals(result.refusals);
    renderSelection(result);
    const selected = new Set(result.selected.map((r) => r.id));
    box.checked = selected.has(row.id);
  } catch (e) {
    box.checked = !box.checked;
    showError(e.message);
  }
}

function showRefusals(refusals) {
  const box = document.getElementById("refusals");
  clear(box);
  box.hidden = refusals.length === 0;
  for (const refusal of refusals) {
    box.append(el("span", { class: "refusal-line" },
      el("strong", { text: refusal.name || refusal.id }), " was refused by ",
      el("code", { class: "rule", text: refusal.filter }), ": ", el("span", { class: "reason", text: refusal.reason })));
  }
}

function renderSelection(session) {
  const list = document.getElementById("selected");
  clear(list);
  for (const row of session.selected) list.append(el("li", { class: "chip", text: row.subtitle && row.id !== row.contactID ? `${row.name} · ${row.subtitle}` : row.name }));
  document.getElementById("selected-count").textContent = String(session.selected.length);
}

// ---- statistics --------------------------------------------------------------

async function loadStatistics() {
  const stats = await api("/api/statistics");
  const chart = document.getElementById("chart");
  clear(chart);
  const max = Math.max(1, ...stats.chart.map((b) => b.count));
  for (const bar of stats.chart) {
    const fill = el("span", { class: "fill" });
    fill.style.width = (100 * bar.count / max).toFixed(1) + "%";
    chart.append(el("div", { class: "bar", role: "listitem", dataset: { label: bar.label } },
      el("span", { class: "bar-label", text: bar.label }),
      el("span", { class: "track" }, fill),
      el("span", { class: "bar-count", text: String(bar.count) })));
  }
}

// ---- start ---------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", async () => {
  for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => showView(tab.dataset.view));
  document.getElementById("order").addEventListener("change", (event) => {
    state.order = event.target.value;
    runSearch().catch((e) => showError(e.message));
    if (!document.getElementById("view-review").hidden) loadReview().catch((e) => showError(e.message));
    if (!document.getElementById("view-pick").hidden && state.pick.picker) startPicker(state.pick.picker.id).catch((e) => showError(e.message));
    else state.pick.session = null;
  });
  document.getElementById("search").addEventListener("input", debounce(() => runSearch().catch((e) => showError(e.message)), 120));
  document.getElementById("more").addEventListener("click", () => loadList(state.browse.loaded, true).catch((e) => showError(e.message)));
  document.getElementById("picker").addEventListener("change", (event) => startPicker(event.target.value).catch((e) => showError(e.message)));
  document.getElementById("pick-search").addEventListener("input", debounce(() => {
    state.pick.query = document.getElementById("pick-search").value;
    loadPickRows(0, false).catch((e) => showError(e.message));
  }, 120));
  document.getElementById("pick-more").addEventListener("click", () => loadPickRows(state.pick.loaded, true).catch((e) => showError(e.message)));
  document.getElementById("clear-selection").addEventListener("click", async () => {
    try {
      const session = state.pick.session;
      if (!session) return;
      const result = await sessionApi(session, "/selection", { method: "DELETE" });
      if (state.pick.session !== session) return;
      showRefusals([]);
      renderSelection(result);
      for (const box of document.querySelectorAll(".pick-box")) box.checked = false;
    } catch (e) { showError(e.message); }
  });
  document.getElementById("apply-merges").addEventListener("click", applyMerges);
  try {
    await Promise.all([loadList(0), loadPickers()]);
    document.body.dataset.ready = "true";
  } catch (e) { showError(e.message); }
});
