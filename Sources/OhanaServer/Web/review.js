// Ohana address book page: what needs the person's decision (GET /api/review), loaded before
// app.js, whose helpers it uses when called. Data goes in through textContent, never HTML strings.
"use strict";

// ---- review -------------------------------------------------------------------

const reviewTitles = {
  "unresolved-number": "Numbers no evidence places in a country",
  "ambiguous-number": "Numbers valid in several countries",
  "junk-number": "Phone values that are no number",
  "invalid-email": "Email values that are no address",
  "no-name": "Contacts without a name",
};

async function loadReview() {
  renderReview(await api(`/api/review?order=${encodeURIComponent(state.order)}`));
}

function renderReview(report) {
  const total = report.counts.reduce((sum, c) => sum + c.count, 0);
  document.getElementById("review-status").textContent = total === 0
    ? "Nothing needs your attention."
    : `${total} value${total === 1 ? "" : "s"} need${total === 1 ? "s" : ""} your decision. Nothing is changed until you decide; a deletion can be undone.`;
  const groups = document.getElementById("review-groups");
  clear(groups);
  // How many times the review was drawn (a test waits for a fresh one before it clicks).
  groups.dataset.rendered = String(Number(groups.dataset.rendered || 0) + 1);
  for (const count of report.counts) {
    if (count.count === 0) continue;
    const items = report.items.filter((item) => item.kind === count.kind);
    const list = el("ol", { class: "rows review-items" });
    for (const item of items) list.append(reviewItem(item));
    const heading = el("h3", {}, el("span", { text: reviewTitles[count.kind] || count.kind }), " ",
      el("span", { class: "count", text: String(count.count) }));
    const all = decidable.includes(count.kind) ? reviewActions({ kind: count.kind }, "all") : [];
    groups.append(el("section", { class: "review-group", dataset: { kind: count.kind } }, heading, ...all, list));
  }
}

function reviewItem(item) {
  const lines = [el("button", { type: "button", class: "name link", text: item.contactName, onclick: () => {
    showView("browse");
    showDetail(item.contactID).catch((e) => showError(e.message));
  } })];
  if (item.value !== undefined && item.value !== null) {
    lines.push(el("span", { class: "value", text: `“${item.value}”` + (item.label ? ` · ${item.label}` : "") }));
  }
  lines.push(el("span", { class: "sub", text: item.reason }));
  if (item.candidates && item.candidates.length) {
    lines.push(el("span", { class: "sub", text: "could be " + item.candidates.map((c) => c.region).join(" or ") }));
  }
  if (item.pattern) lines.push(el("span", { class: "sub pattern", text: "written as " + item.pattern }));
  if (item.kind === "unresolved-number" || item.kind === "ambiguous-number") lines.push(regionChoiceForm(item));
  if (decidable.includes(item.kind)) lines.push(...reviewActions(item, "one"));
  return el("li", { class: "row review-item", dataset: { id: item.contactID, kind: item.kind } }, ...lines);
}

// The person's answer for a number: a country (an ISO code; an ambiguous number's candidates are
// offered), for this number or for every number written alike on a card that says the same.
function regionChoiceForm(item) {
  const candidates = (item.candidates || []).map((c) => c.region);
  const region = el("input", { type: "text", class: "region", maxlength: "2", size: "3", required: true,
    placeholder: "ISO", value: candidates[0] || "", "aria-label": "Country (ISO code)" });
  const alike = el("input", { type: "checkbox", class: "alike" });
  const form = el("form", { class: "region-choice" },
    el("label", {}, "Country ", region), " ",
    el("label", {}, alike, " and numbers written like it"), " ",
    el("button", { type: "submit", text: "Set country" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const report = await api("/api/review/region-choices", { method: "POST", body: {
        contactID: item.contactID, number: item.value, region: region.value.trim().toUpperCase(), alike: alike.checked } });
      renderReview(report);
      document.getElementById("review-result").textContent = `${item.value}: ${region.value.trim().toUpperCase()} kept.`;
    } catch (e) { showError(e.message); }
  });
  return form;
}

// ---- delete or keep ----------------------------------------------------------------

// The kinds a person deletes or keeps (POST /api/review/actions); numbers get a country instead.
const decidable = ["junk-number", "invalid-email", "no-name"];

// Delete and Keep buttons for one item, or ("all") for every item of a kind.
function reviewActions(item, scope) {
  const what = item.kind === "no-name" ? "contact" : "value";
  const label = (verb) => scope === "all" ? `${verb} all` : verb;
  const describe = (verb) => scope === "all" ? `${verb} every ${what} of this kind` : `${verb} this ${what}`;
  const act = async (action) => {
    const body = { action, kind: item.kind };
    if (scope === "one") { body.contactID = item.contactID; if (item.kind !== "no-name") body.value = item.value; }
    try {
      const answer = await api("/api/review/actions", { method: "POST", body });
      renderReview(answer.review);
      const done = `${action === "delete" ? "Deleted" : "Kept"} ${answer.result.items} ${what}${answer.result.items === 1 ? "" : "s"}.`;
      const revisions = answer.result.revisions || [];
      setReviewResult(done, revisions);
    } catch (e) { showError(e.message); }
  };
  return [
    el("button", { type: "button", class: "review-delete", text: label("Delete"), "aria-label": describe("Delete"),
      onclick: () => act("delete") }),
    el("button", { type: "button", class: "review-keep", text: label("Keep"), "aria-label": describe("Keep"),
      onclick: () => act("keep") }),
  ];
}

// The outcome line, with an Undo button for deletions (each is an edit, undone newest first).
function setReviewResult(text, revisions) {
  const result = document.getElementById("review-result");
  clear(result);
  result.append(text);
  if (!revisions.length) return;
  result.append(" ", el("button", { type: "button", class: "review-undo", text: "Undo", onclick: async () => {
    try {
      for (const number of [...revisions].reverse()) await api(`/api/revisions/${number}/undo`, { method: "POST" });
      clear(result);
      result.append("Undone.");
      await loadReview();
    } catch (e) { showError(e.message); }
  } }));
}
