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
    : `${total} value${total === 1 ? "" : "s"} need${total === 1 ? "s" : ""} your decision. Nothing is changed here; numbers stay as written until you decide.`;
  const groups = document.getElementById("review-groups");
  clear(groups);
  for (const count of report.counts) {
    if (count.count === 0) continue;
    const items = report.items.filter((item) => item.kind === count.kind);
    const list = el("ol", { class: "rows review-items" });
    for (const item of items) list.append(reviewItem(item));
    groups.append(el("section", { class: "review-group", dataset: { kind: count.kind } },
      el("h3", {}, el("span", { text: reviewTitles[count.kind] || count.kind }), " ",
        el("span", { class: "count", text: String(count.count) })),
      list));
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
