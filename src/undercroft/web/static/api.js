// Talking to the table's server: the token from the page's address, JSON over
// HTTP, and the state pushed over the WebSocket (docs/web-api.md).
// A token goes only into request URLs; it is never logged or shown.

/** The page's token (`?t=`), or null if the address has none. */
export function pageToken() {
  return new URLSearchParams(window.location.search).get("t");
}

/** A path with the query parameters added (values encoded). */
export function withQuery(path, params) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** An absolute link on this server (for invites to send to another device). */
export function absolute(path) {
  return new URL(path, window.location.origin).href;
}

/** The error a request ends with: the server's one-line `detail` when it sends one. */
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

/** JSON from the server (`body` is sent as JSON); an ApiError on any refusal. */
export async function requestJson(path, {method = "GET", body} = {}) {
  const options = {method, headers: {Accept: "application/json"}, cache: "no-store"};
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, describeRefusal(response.status, data));
  }
  return data;
}

function describeRefusal(status, data) {
  const detail = data && data.detail;
  if (typeof detail === "string") return detail;
  // FastAPI's validation errors come as a list of {loc, msg}.
  if (Array.isArray(detail) && detail.length) {
    return detail.map((item) => `${(item.loc || []).join(".")}: ${item.msg}`).join("; ");
  }
  if (status === 403) return "this link is not valid for this table";
  if (status === 429) return "too many tries: wait a minute";
  return `the server answered ${status}`;
}

/**
 * Follows a table or seat over the WebSocket: `onState(state)` on connect and after
 * every change (a "seats" message, sent when only who has chosen changed, is applied to
 * the last whole state), `onStatus(word)` as the connection comes and goes ("live",
 * "reconnecting", "limited", "refused"). A closed connection is opened again, waiting a
 * little longer each time; a refused token (close code 4403) is not retried, and after
 * too many wrong tokens from this address (4429) the page waits a minute.
 * Returns a function that stops following.
 */
export function followState(token, onState, onStatus = () => {}) {
  let socket = null;
  let last = null; // the newest whole state, which a "seats" message updates
  let delay = 500;
  let stopped = false;
  let timer = null;
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${window.location.host}${withQuery("/ws", {t: token})}`;

  function open() {
    socket = new WebSocket(url);
    socket.addEventListener("open", () => {
      delay = 500;
      onStatus("live");
    });
    socket.addEventListener("message", (message) => {
      let data;
      try {
        data = JSON.parse(message.data);
      } catch {
        return; // not ours to read
      }
      if (data && data.type === "state" && data.state) {
        last = data.state;
        onState(last);
      } else if (data && data.type === "seats" && last && last.step === data.step) {
        // only who has chosen changed since the last whole state
        last = {...last, seats: data.seats};
        onState(last);
      }
    });
    socket.addEventListener("close", (closed) => {
      if (stopped) return;
      if (closed.code === 4403) {
        onStatus("refused");
        return;
      }
      const limited = closed.code === 4429;
      onStatus(limited ? "limited" : "reconnecting");
      timer = window.setTimeout(open, limited ? 60000 : delay);
      delay = Math.min(delay * 2, 10000);
    });
  }

  open();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    if (socket) socket.close();
  };
}
