// The table screen's invitations (table.html, #invites): for each human seat nobody
// has taken yet, its QR code and its link as text, both carrying the address phones
// open (docs/web-api.md, GET /api/table/invites). Redrawn from every state: a seat
// whose player has joined (`seats[].joined`) loses its code at once. A code is drawn
// only from an SVG already received, so it is never a broken image; a seat the server
// no longer invites (taken, or the server restarted) is simply not shown.

import {requestJson, withQuery} from "./api.js";
import {byId, el, fill} from "./dom.js";

let wanted = null; // the seats whose codes should be on screen, as JSON text
let opened = false; // the section is opened once, on the first draw with a seat to take
const blobs = [];

/** The human seats not yet taken, in the table's order. */
function openSeats(state) {
  return (state.seats || []).filter((seat) => !seat.automated && !seat.joined)
    .map((seat) => seat.seat);
}

/** Draws the invitations for `state` (the table token opens them). */
export function drawInvites(state, token) {
  const seats = openSeats(state);
  const key = JSON.stringify(seats);
  if (key === wanted) return;
  wanted = key;
  const details = byId("invites");
  for (const figure of byId("qr").querySelectorAll("figure")) {
    if (!seats.includes(figure.dataset.seat)) figure.remove(); // taken: gone at once
  }
  if (!seats.length) {
    details.hidden = true;
    return;
  }
  load(key, token);
}

async function load(key, token) {
  let invites = [];
  try {
    invites = await requestJson(withQuery("/api/table/invites", {t: token}));
  } catch {
    invites = []; // no invitations to show: the section stays hidden
  }
  if (key !== wanted) return; // a newer state has asked for other seats meanwhile
  const seats = JSON.parse(key);
  const shown = (invites || []).filter((invite) => seats.includes(invite.seat));
  for (const url of blobs.splice(0)) URL.revokeObjectURL(url);
  fill(byId("qr"), shown.map(figure));
  const details = byId("invites");
  details.hidden = !shown.length;
  if (shown.length && !opened) {
    opened = true;
    // Open whatever the step: automated seats may have played on before the screen
    // was opened, and a seat nobody has taken still needs its code seen.
    details.open = true;
  }
}

/** One seat's code, its name and its link. */
function figure(invite) {
  const source = URL.createObjectURL(new Blob([invite.qr], {type: "image/svg+xml"}));
  blobs.push(source);
  const node = el("figure", {class: "invite-code", dataset: {seat: invite.seat}},
    el("img", {class: "qr", src: source, alt: `QR code: the invite link for ${invite.seat}`}),
    el("figcaption", {},
      el("b", {}, invite.seat),
      el("br"),
      el("a", {class: "link-text invite-link", href: invite.url, target: "_blank",
               rel: "noopener noreferrer"}, invite.url)));
  node.style.maxWidth = "12rem"; // the link wraps under its code
  return node;
}
