// The contact detail: every part, with where each value comes from when the contact's cards are
// in several accounts (linked by ohana sync), and the question a deletion of such a contact asks.

async function showDetail(id) {
  const detail = document.getElementById("detail");
  const contact = await api("/api/contacts/" + encodeURIComponent(id));
  clear(detail);
  const head = el("header", { class: "detail-head" });
  if (contact.hasPhoto) head.append(el("img", { class: "photo", alt: "Photo of " + contact.name, src: "/api/contacts/" + encodeURIComponent(contact.id) + "/photo" }));
  head.append(el("h2", { id: "detail-name", text: contact.name }));
  detail.append(head);
  const table = el("dl", { class: "properties" });
  for (const [label, value] of contact.properties) table.append(el("dt", { text: label }), el("dd", { text: value }));
  detail.append(table);
  if (contact.fields.length) {
    detail.append(el("h3", { text: "Fields" }));
    const list = el("ul", { class: "fields" });
    for (const [index, field] of contact.fields.entries()) {
      const parts = [el("span", { class: "field-type", text: field.typeName }),
        field.label ? el("span", { class: "label", text: field.label }) : null,
        el("span", { class: "value", text: field.value })];
      if (field.preferred) parts.push(el("span", { class: "badge", text: "preferred" }));
      if (field.phone) {
        const formatted = field.phone.international || field.phone.e164;
        if (field.phone.valid && formatted && formatted !== field.value) parts.push(el("span", { class: "phone-info", text: formatted }));
        else if (field.phone.valid) parts.push(el("span", { class: "phone-info", text: "✓ valid" }));
        else parts.push(el("span", { class: "badge warn", text: field.phone.problem || "invalid number" }));
      }
      for (const p of field.parameters) parts.push(el("span", { class: "param", text: p }));
      parts.push(sourcesOf(contact, "fields", index));
      list.append(el("li", {}, parts));
    }
    detail.append(list);
  }
  if (contact.addresses.length) {
    detail.append(el("h3", { text: "Addresses" }));
    for (const [index, address] of contact.addresses.entries()) {
      detail.append(el("address", {},
        el("span", { class: "label", text: (address.label || "address") + (address.preferred ? " (preferred)" : "") }),
        address.lines.map((line) => el("span", { class: "line", text: line })), sourcesOf(contact, "addresses", index)));
    }
  }
  if (contact.tags.length) detail.append(el("h3", { text: "Tags" }), el("p", { text: contact.tags.join(", ") }));
  if (contact.unmapped.length) {
    detail.append(el("h3", { text: "Other properties" }));
    const dl = el("dl", { class: "properties" });
    for (const [name, value] of contact.unmapped) dl.append(el("dt", { text: name }), el("dd", { text: value }));
    detail.append(dl);
  }
  if (contact.mergedMembers.length) {
    detail.append(el("h3", { text: "Merged from" }));
    detail.append(mergedMembers(contact.id, contact.mergedMembers, async () => {
      await loadList(0);
      await showDetail(contact.id);
    }));
  }
  if (contact.valueSources) detail.append(linkedCards(contact));
  detail.append(el("p", { class: "sources", text: "From " + (contact.sources.join("; ") || "unknown source") }), editActions(contact));
}

// The accounts holding a value of a linked contact, or nothing.
function sourcesOf(contact, kind, index) {
  const names = contact.valueSources ? contact.valueSources[kind][index] : null;
  return names && names.length ? el("span", { class: "from", text: "from " + names.join(", ") }) : null;
}

// The cards of a linked contact: one per account, the primary one (where added values go) marked.
function linkedCards(contact) {
  const list = el("ul", { class: "linked-cards", "aria-label": "Cards in each account" });
  for (const card of contact.valueSources.cards) {
    const makePrimary = async () => {
      try {
        await api(`/api/links/${encodeURIComponent(contact.id)}/primary?account=${encodeURIComponent(card.source)}`, { method: "POST", body: {} });
        await showDetail(contact.id);
      } catch (e) { showError(e.message); }
    };
    list.append(el("li", {}, `${card.source}: ${card.name}` + (card.isPrimary ? " (primary: new values go here)" : " "),
      card.isPrimary ? null : el("button", { type: "button", class: "make-primary", onclick: makePrimary }, "Make primary")));
  }
  return el("section", {}, el("h3", { text: "Cards in " + contact.valueSources.cards.length + " accounts" }), list);
}

// Asks from which account to delete a linked contact: resolves to a query ("from=work", "all=true")
// or null when the person cancels.
function askLinkedDeletion(contact) {
  return new Promise((resolve) => {
    const dialog = el("div", { id: "delete-choice", role: "dialog", "aria-modal": "true", "aria-labelledby": "delete-choice-title" });
    const answer = (query) => { dialog.remove(); resolve(query); };
    const sources = [...new Set(contact.valueSources.cards.map((card) => card.source))];
    dialog.append(el("h3", { id: "delete-choice-title", text: `Delete ${contact.name} from which account?` }),
      ...sources.map((source) => el("button", { type: "button", class: "danger", text: "Only from " + source,
        onclick: () => answer("from=" + encodeURIComponent(source)) })),
      el("button", { type: "button", class: "danger", id: "delete-everywhere", text: "From all accounts", onclick: () => answer("all=true") }),
      el("button", { type: "button", text: "Cancel", onclick: () => answer(null) }));
    document.getElementById("detail").append(dialog);
    dialog.querySelector("button").focus();
  });
}
