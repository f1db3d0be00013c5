// Ohana address book page: merge review and splitting merged contacts (loaded before app.js,
// whose helpers it uses when called). Data goes in through textContent, never HTML strings.
"use strict";

// ---- merge review ------------------------------------------------------------

async function loadMerges() {
  const report = await api("/api/merges");
  const list = document.getElementById("clusters");
  clear(list);
  document.getElementById("merge-status").textContent = report.clusters.length === 0
    ? "No duplicates found."
    : `${report.clusters.length} possible duplicate${report.clusters.length === 1 ? "" : "s"}: ${report.pending} to review, ${report.accepted} accepted, ${report.keptApart} kept apart.`;
  for (const cluster of report.clusters) list.append(clusterCard(cluster));
  const merged = document.getElementById("merged");
  clear(merged);
  document.getElementById("merged-status").textContent = report.merged.length === 0
    ? "No merged contacts to split."
    : `${report.merged.length} merged contact${report.merged.length === 1 ? "" : "s"} can be split again.`;
  for (const entry of report.merged) {
    merged.append(el("li", { class: "cluster merged", dataset: { id: entry.contact.id } },
      el("h3", { class: "name", text: entry.contact.name }),
      mergedMembers(entry.contact.id, entry.members, async () => {
        await loadMerges();
        await loadList(0);
      })));
  }
  await loadLinks();
}

// ---- cards linked across accounts (ohana sync links them; never merged) --------------

let linksRequest = 0;

async function loadLinks() {
  // Answers can arrive out of order (the tab's load and a decision's reload): only the newest request draws.
  const request = ++linksRequest;
  const links = await api("/api/links");
  if (request !== linksRequest) return;
  const list = document.getElementById("links");
  clear(list);
  document.getElementById("links-status").textContent = links.length === 0
    ? "No cards linked across accounts."
    : `${links.length} contact${links.length === 1 ? " has" : "s have"} cards in several accounts, shown as one.`;
  for (const link of links) {
    const decide = (path) => async () => {
      try {
        await api(`/api/links/${encodeURIComponent(link.id)}/${path}`, { method: "POST", body: {} });
        await loadLinks();
        await loadList(0);
      } catch (e) { showError(e.message); }
    };
    list.append(el("li", { class: "cluster " + (link.isAccepted ? "accepted" : "pending"), dataset: { id: link.id } },
      el("ul", { class: "members" }, link.cards.map((card) => el("li", { text: `${card.source}: ${card.name}` + (card.isPrimary ? " (primary)" : "") }))),
      el("h3", { text: "Why" }), el("ul", { class: "reasons" }, link.reasons.map((reason) => el("li", { text: reason }))),
      el("p", { class: "cluster-actions" },
        el("span", { class: "decision", text: link.isAccepted ? "Accepted" : "Linked, not reviewed" }),
        el("button", { type: "button", class: "accept", onclick: decide("accept"), disabled: link.isAccepted }, "Accept"),
        el("button", { type: "button", class: "keep-apart", onclick: decide("keep-apart") }, "Keep apart"))));
  }
}

function clusterCard(cluster) {
  const members = el("ul", { class: "members" });
  for (const contact of cluster.contacts) {
    members.append(el("li", {}, avatar(contact), el("span", { class: "lines" },
      el("span", { class: "name", text: contact.name }), contact.subtitle ? el("span", { class: "sub", text: contact.subtitle }) : null)));
  }
  const reasons = el("ul", { class: "reasons" });
  for (const reason of cluster.reasons) reasons.append(el("li", { text: reason }));
  const decide = (decision) => async () => {
    try {
      await api(`/api/merges/${cluster.id}/${decision}`, { method: "POST", body: {} });
      await loadMerges();
    } catch (e) { showError(e.message); }
  };
  return el("li", { class: "cluster " + cluster.decision, dataset: { id: cluster.id, decision: cluster.decision } },
    members,
    el("h3", { text: "Why" }), reasons,
    el("p", { class: "cluster-actions" },
      el("span", { class: "decision", text: { pending: "Not decided", accepted: "Will be merged", keptApart: "Kept apart" }[cluster.decision] || cluster.decision }),
      el("button", { type: "button", class: "accept", onclick: decide("accept"), disabled: cluster.decision === "accepted" }, "Merge"),
      el("button", { type: "button", class: "keep-apart", onclick: decide("keep-apart"), disabled: cluster.decision === "keptApart" }, "Keep apart"),
      cluster.decision !== "pending" ? el("button", { type: "button", class: "undo", onclick: decide("reset") }, "Undo") : null));
}

async function applyMerges() {
  try {
    const result = await api("/api/merges/apply", { method: "POST", body: {} });
    document.getElementById("apply-result").textContent = result.message;
    state.pick.session = null;
    await loadMerges();
    await loadList(0);
  } catch (e) { showError(e.message); }
}

// The members of a merged contact with "Take out" buttons, and a "Split" button that undoes the merge.
function mergedMembers(id, members, after) {
  const run = (memberID) => async () => {
    try {
      const path = "/api/merged/" + encodeURIComponent(id) +
        (memberID ? "/members/" + encodeURIComponent(memberID) + "/remove" : "/split");
      const result = await api(path, { method: "POST", body: {} });
      state.pick.session = null;
      document.getElementById("apply-result").textContent = result.message;
      await after(result);
    } catch (e) { showError(e.message); }
  };
  const list = el("ul", { class: "members" });
  for (const member of members) {
    list.append(el("li", { dataset: { id: member.id } }, el("span", { class: "lines" },
      el("span", { class: "name", text: member.name }), member.subtitle ? el("span", { class: "sub", text: member.subtitle }) : null),
      members.length > 2 ? el("button", { type: "button", class: "take-out", onclick: run(member.id) }, "Take out") : null));
  }
  return el("div", { class: "merged-members", dataset: { id } }, list,
    el("p", { class: "cluster-actions" }, el("button", { type: "button", class: "split", onclick: run(null) }, "Split")));
}
