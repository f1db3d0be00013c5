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
  const report = await api(`/api/review?order=${encodeURIComponent(state.order)}`);
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
  return el("li", { class: "row review-item", dataset: { id: item.contactID, kind: item.kind } }, ...lines);
}
