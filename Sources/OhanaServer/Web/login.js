// Sign-in for the Ohana page: asks who is signed in, shows the sign-in form when the server
// requires it, sends the session's CSRF token with every write, and shows the audit trail to admins.
// Loaded before app.js; wraps fetch so that app.js needs no change.
"use strict";

const signIn = { csrf: null, user: null, role: null };

(function wrapFetch() {
  const original = window.fetch.bind(window);
  window.fetch = (input, init = {}) => {
    const method = (init.method || "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD" && signIn.csrf) {
      init.headers = Object.assign({}, init.headers || {}, { "X-CSRF-Token": signIn.csrf });
    }
    return original(input, init).then((response) => {
      if (response.status === 401 && !String(input).endsWith("/api/login")) showSignIn();
      return response;
    });
  };
})();

function showSignIn() {
  document.getElementById("signin").hidden = false;
  document.body.classList.add("signed-out");
  document.getElementById("signin-user").focus();
}

async function loadAudit() {
  const response = await fetch("/api/audit");
  const payload = await response.json();
  const list = document.getElementById("audit-entries");
  while (list.firstChild) list.removeChild(list.firstChild);
  if (!response.ok) throw new Error(payload.error ? payload.error.message : response.statusText);
  for (const entry of payload.entries.slice().reverse()) {
    const row = document.createElement("tr");
    for (const value of [entry.time, entry.account, entry.action, entry.detail]) {
      const cell = document.createElement("td");
      cell.textContent = value;
      row.append(cell);
    }
    list.append(row);
  }
}

document.addEventListener("DOMContentLoaded", async () => {
  document.getElementById("signin-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const status = document.getElementById("signin-status");
    status.textContent = "";
    const response = await fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ user: document.getElementById("signin-user").value, password: document.getElementById("signin-password").value }),
    });
    if (response.ok) { window.location.reload(); return; }
    let message = response.statusText;
    try { message = (await response.json()).error.message; } catch (_) { /* keep the status text */ }
    status.textContent = message;
  });
  document.getElementById("signout").addEventListener("click", async () => {
    await fetch("/api/logout", { method: "POST" });
    window.location.reload();
  });
  document.querySelector('.tab[data-view="audit"]').addEventListener("click", () => {
    loadAudit().catch((e) => { document.getElementById("audit-status").textContent = e.message; });
  });
  const response = await fetch("/api/session");
  if (!response.ok) return;
  const session = await response.json();
  Object.assign(signIn, { csrf: session.csrf, user: session.user, role: session.role });
  if (session.user) {
    document.getElementById("who").textContent = session.user + " (" + session.role + ")";
    document.getElementById("account").hidden = false;
  }
  document.querySelector('.tab[data-view="audit"]').hidden = session.role !== "admin";
});
