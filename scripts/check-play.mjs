// Drives the page of `puzzlelab serve` in headless Chromium over the
// DevTools protocol (node 20 --experimental-websocket; no packages): per
// family it starts a game through the start screen, plays the game's
// solution moves (GET /api/games/ID/solution, the server runs with
// --solutions) through the page's own buttons, cells, tiles and keys, and
// waits for the level-complete banner; a hint shows its message and counts;
// a wrong mark in cross sums costs a life; no console error anywhere.
//
//     node --experimental-websocket scripts/check-play.mjs DEVTOOLS_PORT SERVER_PORT
import { firstPage, sleep } from "./cdp.mjs";

const [devtools, port] = process.argv.slice(2).map(Number);
const site = `http://127.0.0.1:${port}`;

const page = await firstPage(devtools);
const { send, evaluate, waitFor, point, click, problems } = page;

async function hold(selector, ms) {
  const [x, y] = await point(selector);
  await send("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", clickCount: 1 });
  await sleep(ms);
  await send("Input.dispatchMouseEvent", { type: "mouseReleased", x, y, button: "left", clickCount: 1 });
}

async function key(name) {
  const codes = { Enter: 13, Escape: 27, Backspace: 8, ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40 };
  const printable = name.length === 1;
  const base = { key: name, code: printable ? `Key${name.toUpperCase()}` : name,
                 windowsVirtualKeyCode: codes[name] ?? (printable ? name.toUpperCase().charCodeAt(0) : 0) };
  const text = name === "Enter" ? "\r" : printable ? name : undefined;
  await send("Input.dispatchKeyEvent", { type: "keyDown", ...base, text });
  await send("Input.dispatchKeyEvent", { type: "keyUp", ...base });
}

/// Plays a cell move with the keyboard alone: arrows to the cell, then the
/// number and Enter (math crossword) or the mode key and Enter (cross sums).
// The grid cell a move names: moves count from the view's first row and column.
async function onGrid(move) {
  const [firstRow, firstColumn] = await evaluate("[view.firstRow, view.firstColumn]");
  return { row: move.row - firstRow, column: move.column - firstColumn };
}

async function playByKeyboard(move) {
  const before = await replies();
  const cursor = await evaluate("cursor"), target = await onGrid(move);
  for (let r = cursor.row; r < target.row; r++) await key("ArrowDown");
  for (let r = cursor.row; r > target.row; r--) await key("ArrowUp");
  for (let c = cursor.column; c < target.column; c++) await key("ArrowRight");
  for (let c = cursor.column; c > target.column; c--) await key("ArrowLeft");
  if (move.action === "place") for (const digit of move.value) await key(digit);
  else await key(move.action === "keep" ? "k" : "r");
  await key("Enter");
  await waitFor(`Number(document.body.dataset.replies || 0) > ${before}`, `the reply to ${JSON.stringify(move)} by keyboard`);
}

const replies = () => evaluate("Number(document.body.dataset.replies || 0)");

async function startGame(kind, seed, profile) {
  await send("Page.navigate", { url: `${site}/` });
  await waitFor(`document.querySelectorAll("#family option").length > 0`, "the families");
  await evaluate(`(() => { const s = document.getElementById("family"); s.value = ${JSON.stringify(kind)}; s.dispatchEvent(new Event("change")); })()`);
  if (profile) {
    await evaluate(`(() => { const s = document.getElementById("profile"); s.value = ${JSON.stringify(profile)}; s.dispatchEvent(new Event("change")); })()`);
  }
  await click("#seed");
  await send("Input.insertText", { text: String(seed) });
  await click("#play");
  await waitFor(`!document.getElementById("game").hidden && typeof view === "object" && view !== null`, `a ${kind} game`);
  return evaluate("game");
}

/// Plays one move through the page's UI and waits for its reply.
async function play(move) {
  const before = await replies();
  const at = move.row === undefined ? null : await onGrid(move);
  const cell = at && `#grid td[data-row="${at.row}"][data-column="${at.column}"]`;
  switch (move.action) {
    case "place": {
      const index = await evaluate(`view.tiles.findIndex((t) => t.available && t.value === ${JSON.stringify(move.value)})`);
      if (index < 0) throw new Error(`no tile ${move.value}`);
      await click(`#tiles button[data-tile="${index}"]`);
      await click(cell);
      break;
    }
    case "keep": case "remove":
      if (await evaluate(`mode !== ${JSON.stringify(move.action)}`)) await click(`#modes button[data-mode="${move.action}"]`);
      await click(cell);
      break;
    case "select":
      await click(cell);
      break;
    case "answer": case "type":
      await click("#answer");
      await send("Input.insertText", { text: move.value });
      await key("Enter");
      break;
    case "pause":
      await sleep(move.ms);
      return;
    case "press":
      await hold("#key", move.ms);
      await waitFor(`Number(document.body.dataset.replies || 0) > ${before}`, "the press's reply");
      return;
    default:
      await click(`#actions button[data-action="${move.action}"]`);
  }
  await waitFor(`Number(document.body.dataset.replies || 0) > ${before}`, `the reply to ${JSON.stringify(move)}`);
}

const families = (await (await fetch(`${site}/api/families`)).json()).families.map((f) => f.kind);
let failures = 0;
for (const kind of families) {
  try {
    const id = await startGame(kind, 7);
    const moves = await (await fetch(`${site}/api/games/${id}/solution`)).json();
    for (const move of moves) await play(move);
    await waitFor(`document.querySelector('#done[data-outcome="completed"]') !== null`, "the level-complete banner");
    if (process.env.PLAY_SCREENSHOTS) {
      // PLAY_SCREENSHOTS=DIR: each family's page at its end, for a person to look at.
      const { data } = await send("Page.captureScreenshot", { format: "png" });
      (await import("node:fs")).writeFileSync(`${process.env.PLAY_SCREENSHOTS}/${kind}.png`, Buffer.from(data, "base64"));
    }
    const mistakes = await evaluate("view.status.mistakes");
    if (mistakes !== 0) throw new Error(`${mistakes} mistakes by the solution's moves`);

    if (kind === "math-crossword" || kind === "cross-sums") {
      const id = await startGame(kind, 7);
      const moves = await (await fetch(`${site}/api/games/${id}/solution`)).json();
      for (const move of moves) await playByKeyboard(move);
      await waitFor(`document.querySelector('#done[data-outcome="completed"]') !== null`, "the level-complete banner (keyboard)");
    }

    if (kind === "morse") {
      // Sending by the on-screen key: held 80 ms for a dot and 240 ms for a dash, 80 ms apart within a letter
      // and 240 ms between letters (15 words per minute); the page times them, the tap classifier reads them.
      const game = await startGame(kind, 7, "word-to-code-beginner");
      const code = (await (await fetch(`${site}/api/games/${game}/solution`)).json())[0].value;
      for (const [index, letter] of code.split(" ").entries()) {
        if (index > 0) await sleep(160);
        for (const signal of letter) { await hold("#key", signal === "." ? 80 : 240); await sleep(80); }
      }
      await sleep(300);
      await play({ action: "submit" });
      await waitFor(`document.querySelector('#done[data-outcome="completed"]') !== null`, `the code ${code} sent by the key`);
      console.log(`check-play: morse: ${code} sent by holding the on-screen key`);
    }

    await startGame(kind, 8);
    const board = await evaluate("JSON.stringify(view.grid)");
    await play({ action: "hint" });
    // Where the hint applies the grader's step (math crossword, cross sums), the board shows it.
    if ((kind === "math-crossword" || kind === "cross-sums") && board === await evaluate("JSON.stringify(view.grid)")) {
      throw new Error("the hint changed nothing on the board");
    }
    const hinted = await evaluate(`({ hints: view.status.hints, message: document.getElementById("message").textContent })`);
    if (hinted.hints !== 1 || !hinted.message) throw new Error(`a hint: ${JSON.stringify(hinted)}`);

    if (kind === "cross-sums") {
      const game = await startGame(kind, 9);
      const wrong = (await (await fetch(`${site}/api/games/${game}/solution`)).json()).find((m) => m.action === "remove");
      const lives = await evaluate("view.status.lives");
      await play({ action: "keep", row: wrong.row, column: wrong.column });
      const after = await evaluate(`({ lives: view.status.lives, hearts: (document.getElementById("status").textContent.match(/♥/g) || []).length,
        result: document.getElementById("message").className })`);
      if (after.lives !== lives - 1 || after.hearts !== lives - 1 || after.result !== "wrong") {
        throw new Error(`a wrong mark: lives ${lives} → ${JSON.stringify(after)}`);
      }
    }
    await startGame(kind, 10);
    await click(`#actions button[data-action="give-up"]`);
    await waitFor(`document.querySelector('#done[data-outcome="given-up"]') !== null`, "the given-up banner");
    console.log(`check-play: ${kind}: solved through the page (${moves.length} moves), a hint shown, given up`);
  } catch (error) {
    failures += 1;
    console.log(`check-play: ${kind}: FAILED: ${error.message}`);
  }
}
for (const problem of problems) console.log(`check-play: ${problem}`);
page.close();
process.exit(failures || problems.length ? 1 : 0);
