// Ohana address book page: creating, editing and deleting contacts (POST, PATCH and DELETE
// /api/contacts, If-Match with the detail's version), undo of a delete, and a conflict view when
// the contact changed meanwhile. Loaded before app.js, whose helpers (el, clear, showError,
// showDetail, runSearch) it uses when called. Data goes in through textContent, never HTML strings.
"use strict";

const editParts = [
  ["namePrefix", "Prefix"], ["givenName", "Given name"], ["middleName", "Middle name"], ["familyName", "Family name"],
  ["nameSuffix", "Suffix"], ["nickname", "Nickname"], ["organization", "Organization"], ["department", "Department"],
  ["jobTitle", "Job title"], ["note", "Note"],
];
const editTypes = { phoneNumber: "Phone", emailAddress: "Email", url: "URL" };
const editLabels = ["home", "work", "mobile", "main", "fax", "other"];
let editFormCount = 0;

// A request whose answer is read whatever its status (a 412 carries both versions).
async function editRequest(path, method, body, version) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (version !== undefined && version !== null) headers["If-Match"] = `"${version}"`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let payload = null;
  try { payload = await response.json(); } catch (_) { payload = null; }
  return { status: response.status, ok: response.ok, payload };
}

function editError(result) {
  return result.payload && result.payload.error ? result.payload.error.message : `the server answered ${result.status}`;
}

function contactPath(id) { return "/api/contacts/" + encodeURIComponent(id); }

function refreshList() { runSearch().catch((e) => showError(e.message)); }

// ---- actions on the detail ------------------------------------------------------

function editActions(contact) {
  return el("p", { class: "edit-actions" },
    el("button", { type: "button", id: "edit-contact", text: "Edit", onclick: () => openContactForm(contact) }), " ",
    el("button", { type: "button", id: "delete-contact", class: "danger", text: "Delete",
      "aria-label": "Delete " + contact.name, onclick: () => deleteContact(contact) }));
}

function newContact() {
  showView("browse");
  openContactForm({ id: null, name: "New contact", parts: {}, fields: [], tags: [], version: null });
}

// ---- the form -------------------------------------------------------------------

function openContactForm(contact) {
  const detail = document.getElementById("detail");
  const n = ++editFormCount;
  const isNew = contact.id === null;
  const form = el("form", { class: "edit-form", id: "contact-form", "aria-labelledby": `form-title-${n}` });
  form.append(el("h2", { id: `form-title-${n}`, text: isNew ? "New contact" : "Edit " + contact.name }));
  const partsBox = el("fieldset", { class: "edit-parts" }, el("legend", { text: "Name and work" }));
  for (const [part, title] of editParts) {
    const id = `edit-${part}-${n}`;
    const input = part === "note"
      ? el("textarea", { id, name: part, rows: "3" })
      : el("input", { id, name: part, type: "text", autocomplete: "off" });
    input.value = contact.parts[part] || "";
    partsBox.append(el("label", { for: id, text: title }), input);
  }
  const values = el("ul", { class: "edit-values", "aria-label": "Phone numbers, emails and web addresses" });
  for (const field of contact.fields.filter((f) => editTypes[f.type])) values.append(existingValueRow(field));
  const adders = el("p", { class: "edit-adders" });
  for (const [type, title] of Object.entries(editTypes)) {
    adders.append(el("button", { type: "button", class: "add-value", dataset: { type }, text: "Add " + title.toLowerCase(),
      onclick: () => { const row = newValueRow(type, ++editFormCount); values.append(row); row.querySelector("input").focus(); } }), " ");
  }
  const tagsID = `edit-tags-${n}`;
  const tags = el("input", { id: tagsID, name: "tags", type: "text", autocomplete: "off" });
  tags.value = contact.tags.join(", ");
  const problem = el("p", { class: "error form-error", role: "alert", hidden: true });
  form.append(partsBox,
    el("fieldset", { class: "edit-fields" }, el("legend", { text: "Phone numbers, emails and web addresses" }), values, adders),
    el("p", { class: "edit-tags" }, el("label", { for: tagsID, text: "Tags (separated by commas)" }), " ", tags),
    problem,
    el("p", { class: "form-buttons" },
      el("button", { type: "submit", class: "accept", text: isNew ? "Create contact" : "Save" }), " ",
      el("button", { type: "button", class: "cancel", text: "Cancel", onclick: () => closeForm(contact) })));
  form.addEventListener("keydown", (event) => { if (event.key === "Escape") closeForm(contact); });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    saveContact(contact, contactEdit(form, contact), problem).catch((e) => showFormProblem(problem, e.message));
  });
  clear(detail);
  detail.append(form);
  form.querySelector("input").focus();
}

function closeForm(contact) {
  if (contact.id) showDetail(contact.id).catch((e) => showError(e.message));
  else { clear(document.getElementById("detail")); document.getElementById("new-contact").focus(); }
}

function existingValueRow(field) {
  const what = `${editTypes[field.type].toLowerCase()} ${field.value}`;
  const row = el("li", { class: "edit-value existing", dataset: { type: field.type, value: field.value } },
    el("span", { class: "field-type", text: editTypes[field.type] }),
    field.label ? el("span", { class: "label", text: field.label }) : null,
    el("span", { class: "value", text: field.value }));
  const toggle = el("button", { type: "button", class: "remove-value", "aria-pressed": "false", "aria-label": "Remove " + what, text: "Remove" });
  toggle.addEventListener("click", () => {
    const removed = toggle.getAttribute("aria-pressed") !== "true";
    toggle.setAttribute("aria-pressed", String(removed));
    toggle.textContent = removed ? "Keep" : "Remove";
    toggle.setAttribute("aria-label", (removed ? "Keep " : "Remove ") + what);
    row.classList.toggle("removed", removed);
  });
  row.append(toggle);
  return row;
}

function newValueRow(type, n) {
  const title = editTypes[type];
  const list = `edit-labels-${n}`;
  const value = el("input", { id: `edit-value-${n}`, class: "new-value", type: type === "emailAddress" ? "email" : type === "url" ? "url" : "tel",
    autocomplete: "off" });
  const label = el("input", { id: `edit-label-${n}`, class: "new-label", type: "text", list, autocomplete: "off", size: "8" });
  const row = el("li", { class: "edit-value added", dataset: { type } },
    el("label", { for: value.id, text: "New " + title.toLowerCase() }), value,
    el("label", { for: label.id, text: "Label" }), label,
    el("datalist", { id: list }, editLabels.map((l) => el("option", { value: l }))));
  row.append(el("button", { type: "button", class: "drop-value", "aria-label": "Drop this new " + title.toLowerCase(), text: "✕",
    onclick: () => row.remove() }));
  return row;
}

function splitTags(text) {
  return text.split(",").map((t) => t.trim()).filter((t) => t);
}

// The field-level edit (a ContactEdit) the form's changes make: only what differs from the contact.
function contactEdit(form, contact) {
  const edit = { parts: {}, additions: [], removals: [], addedTags: [], removedTags: [] };
  for (const [part] of editParts) {
    const value = form.elements[part].value;
    if (value.trim() !== (contact.parts[part] || "").trim()) edit.parts[part] = value;
  }
  for (const row of form.querySelectorAll(".edit-value.existing.removed")) {
    edit.removals.push({ type: row.dataset.type, value: row.dataset.value });
  }
  for (const row of form.querySelectorAll(".edit-value.added")) {
    const value = row.querySelector(".new-value").value.trim();
    const label = row.querySelector(".new-label").value.trim();
    if (value) edit.additions.push(label ? { type: row.dataset.type, value, label } : { type: row.dataset.type, value });
  }
  const old = contact.tags.map((t) => t.toLowerCase());
  const now = splitTags(form.elements.tags.value);
  edit.addedTags = now.filter((t) => !old.includes(t.toLowerCase()));
  edit.removedTags = contact.tags.filter((t) => !now.some((n) => n.toLowerCase() === t.toLowerCase()));
  return edit;
}

function showFormProblem(box, message) {
  box.textContent = message;
  box.hidden = !message;
}

async function saveContact(contact, edit, problem, version = contact.version) {
  const result = contact.id === null
    ? await editRequest("/api/contacts", "POST", edit)
    : await editRequest(contactPath(contact.id), "PATCH", edit, version);
  if (result.ok) {
    showUndo("");
    await showDetail(result.payload.id);
    refreshList();
    document.getElementById("edit-contact").focus();
  } else if (result.status === 412 || result.status === 409) {
    showConflict(contact, edit, result.payload.conflict);
  } else {
    showFormProblem(problem, editError(result));
  }
}

// ---- delete and undo --------------------------------------------------------------

async function deleteContact(contact) {
  // A contact with cards in several accounts: the person says from which (or all).
  const query = contact.valueSources ? await askLinkedDeletion(contact) : "";
  if (query === null) return;
  const result = await editRequest(contactPath(contact.id) + (query ? "?" + query : ""), "DELETE", undefined, contact.version);
  if (result.status === 412 || result.status === 409) { showConflict(contact, null, result.payload.conflict); return; }
  if (!result.ok) { showError(editError(result)); return; }
  const detail = document.getElementById("detail");
  clear(detail);
  const where = query && query.startsWith("from=") ? " from " + decodeURIComponent(query.slice(5)) : "";
  detail.append(el("p", { class: "hint", text: `${contact.name} was deleted${where}.` }));
  refreshList();
  showUndo(`Deleted ${contact.name}${where}.`, [...(result.payload.otherRevisions || []), result.payload.revision], contact.id);
}

// `revisions`: one revision, or the revisions of one change on several cards (undone newest first).
function showUndo(text, revisions, contactID) {
  const bar = document.getElementById("undo-bar");
  const button = document.getElementById("undo-button");
  document.getElementById("undo-text").textContent = text;
  bar.hidden = !text;
  button.onclick = async () => {
    let result = null;
    for (const revision of [].concat(revisions).reverse()) {
      result = await editRequest(`/api/revisions/${encodeURIComponent(revision)}/undo`, "POST");
      if (!result.ok) { showError(editError(result)); return; }
    }
    showUndo("");
    refreshList();
    if (result.payload.contact) {
      await showDetail(contactID);
      document.getElementById("edit-contact").focus();
    }
  };
  if (text) button.focus();
}

// ---- conflicts ---------------------------------------------------------------------

// The contact changed (or went) since the form was opened: both versions side by side; the
// person reloads (their change is dropped) or overwrites (the same change on the stored version).
function showConflict(contact, edit, conflict) {
  const detail = document.getElementById("detail");
  clear(detail);
  const current = conflict && conflict.current;
  const box = el("section", { id: "conflict", class: "conflict", "aria-labelledby": "conflict-title" },
    el("h2", { id: "conflict-title", text: current ? "This contact was changed meanwhile" : "This contact was deleted meanwhile" }),
    el("p", { class: "error", role: "alert", text: conflict ? conflict.message : "" }));
  const yours = edit === null
    ? el("p", { text: "You were deleting it." })
    : conflict && conflict.yours ? contactSummary(conflict.yours) : editSummary(edit);
  box.append(el("div", { class: "versions" },
    el("div", { class: "version yours" }, el("h3", { text: edit === null ? "Yours" : "Yours (what saving now would store)" }), yours),
    el("div", { class: "version stored" }, el("h3", { text: current ? `Stored now (version ${current.version})` : "Stored now" }),
      current ? contactSummary(current) : el("p", { text: "Nothing: the contact was deleted." }))));
  markDifferences(box.querySelector(".version.yours dl"), box.querySelector(".version.stored dl"));
  const buttons = el("p", { class: "form-buttons" });
  if (current) {
    buttons.append(el("button", { type: "button", id: "conflict-reload", text: "Reload the stored version",
      onclick: () => showDetail(current.id).catch((e) => showError(e.message)) }), " ");
    const label = edit === null ? "Delete anyway" : "Overwrite with mine";
    if (edit !== null && !conflict.yours) {
      buttons.append(el("span", { class: "status", text: "Your change does not apply to the stored version: reload it and edit again." }));
    } else buttons.append(el("button", { type: "button", id: "conflict-overwrite", class: "danger", text: label, onclick: async () => {
      try {
        if (edit === null) await deleteContact({ ...contact, version: current.version });
        else await saveContact(contact, edit, box.querySelector("[role=alert]"), current.version);
      } catch (e) { showError(e.message); }
    } }));
  } else {
    buttons.append(el("button", { type: "button", id: "conflict-reload", text: "Close",
      onclick: () => { clear(detail); refreshList(); } }));
  }
  box.append(buttons);
  detail.append(box);
  box.querySelector("#conflict-reload").focus();
}

function contactSummary(contact) {
  const list = el("dl", { class: "properties" });
  list.append(el("dt", { text: "Name" }), el("dd", { text: contact.name }));
  for (const [label, value] of contact.properties) list.append(el("dt", { text: label }), el("dd", { text: value }));
  for (const field of contact.fields) {
    list.append(el("dt", { text: field.typeName + (field.label ? ` (${field.label})` : "") }), el("dd", { text: field.value }));
  }
  if (contact.tags.length) list.append(el("dt", { text: "Tags" }), el("dd", { text: contact.tags.join(", ") }));
  return list;
}

// Marks the lines of each summary the other lacks (same title and value), so the change stands out.
function markDifferences(one, other) {
  if (!one || !other) return;
  const lines = (list) => [...list.querySelectorAll("dt")].map((dt) => [dt, dt.textContent + "\n" + dt.nextElementSibling.textContent]);
  const [a, b] = [lines(one), lines(other)];
  const [inA, inB] = [new Set(a.map(([, key]) => key)), new Set(b.map(([, key]) => key))];
  for (const [dt, key] of a) if (!inB.has(key)) { dt.classList.add("differs"); dt.nextElementSibling.classList.add("differs"); }
  for (const [dt, key] of b) if (!inA.has(key)) { dt.classList.add("differs"); dt.nextElementSibling.classList.add("differs"); }
}

// An edit in words, for when it no longer applies to the stored contact.
function editSummary(edit) {
  const lines = [];
  for (const [part, value] of Object.entries(edit.parts)) lines.push(value.trim() ? `${part}: ${value}` : `clear ${part}`);
  for (const removal of edit.removals) lines.push(`remove ${removal.value}`);
  for (const addition of edit.additions) lines.push(`add ${addition.value}` + (addition.label ? ` (${addition.label})` : ""));
  for (const tag of edit.addedTags) lines.push(`add tag ${tag}`);
  for (const tag of edit.removedTags) lines.push(`remove tag ${tag}`);
  return el("ul", { class: "edit-summary" }, lines.map((line) => el("li", { text: line })));
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("new-contact").addEventListener("click", newContact);
  document.getElementById("undo-dismiss").addEventListener("click", () => showUndo(""));
});
