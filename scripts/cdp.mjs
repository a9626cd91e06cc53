// The DevTools protocol as the browser checks use it (scripts/check-play.mjs,
// scripts/check-review.mjs): node 20 --experimental-websocket, no packages.
// A session sends commands and collects the page's problems (exceptions,
// console errors, warnings and failed assertions, error log entries).
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function connect(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = reject; });
  let next = 0;
  const pending = new Map();
  const problems = [];
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result);
    } else if (message.method === "Runtime.exceptionThrown") {
      problems.push(`exception: ${message.params.exceptionDetails.exception?.description || message.params.exceptionDetails.text}`);
    } else if (message.method === "Runtime.consoleAPICalled" && ["error", "warning", "assert"].includes(message.params.type)) {
      problems.push(`console.${message.params.type}: ${message.params.args.map((a) => a.value ?? a.description).join(" ")}`);
    } else if (message.method === "Log.entryAdded" && message.params.entry.level === "error") {
      problems.push(`log: ${message.params.entry.text} ${message.params.entry.url || ""}`);
    }
  };
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    const id = ++next;
    pending.set(id, { resolve, reject });
    socket.send(JSON.stringify({ id, method, params }));
  });

  // The value of a JavaScript expression in the page (promises awaited).
  async function evaluate(expression) {
    const result = await send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    if (result.exceptionDetails) throw new Error(`${expression}: ${result.exceptionDetails.text}`);
    return result.result.value;
  }

  // Waits until `test` holds: an expression evaluated in the page, or a function.
  async function waitFor(test, what, ms = 10000) {
    const holds = typeof test === "string" ? () => evaluate(test) : test;
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await holds()) return;
      await sleep(25);
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  // The centre of the element, scrolled into view.
  async function point(selector) {
    const at = await evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e) return null;
      e.scrollIntoView({ block: "center", inline: "center" }); const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
    if (!at) throw new Error(`no element ${selector}`);
    return at;
  }

  async function click(selector) {
    const [x, y] = await point(selector);
    await send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
    await send("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", clickCount: 1 });
    await send("Input.dispatchMouseEvent", { type: "mouseReleased", x, y, button: "left", clickCount: 1 });
  }

  return { socket, problems, send, evaluate, waitFor, point, click, close: () => socket.close() };
}

// A session on the browser's first page, with runtime, log and page events on.
export async function firstPage(devtools) {
  const targets = await (await fetch(`http://127.0.0.1:${devtools}/json/list`)).json();
  const page = await connect(targets.find((t) => t.type === "page").webSocketDebuggerUrl);
  await page.send("Runtime.enable");
  await page.send("Log.enable");
  await page.send("Page.enable");
  return page;
}
