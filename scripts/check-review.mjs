// Works through a review page (puzzlelab review) in headless Chromium over
// the DevTools protocol (node 20 --experimental-websocket; no packages), as
// a designer does: filter to one label, sort by score (highest first),
// accept every puzzle shown, reject the first three of them with the
// keyboard (Tab to the button, Enter), and export the accepted and the
// rejected puzzles through the page's own buttons (real downloads). Checks
// what the page shows at each step and that the exported files hold exactly
// those seeds in page order; writes a screenshot; no console error.
//
//     node --experimental-websocket scripts/check-review.mjs DEVTOOLS_PORT PAGE.html LABEL DOWNLOADS SCREENSHOT.png
import { readFileSync, existsSync, writeFileSync } from "node:fs";
import { connect, firstPage } from "./cdp.mjs";

const [devtools, pagePath, label, downloads, screenshot] = process.argv.slice(2);
const version = await (await fetch(`http://127.0.0.1:${devtools}/json/version`)).json();
const browser = await connect(version.webSocketDebuggerUrl);
await browser.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
const page = await firstPage(devtools);
const { send, evaluate, waitFor, click } = page;

async function key(name, code, modifiers = 0) {
  await send("Input.dispatchKeyEvent", { type: "rawKeyDown", key: name, code: name, windowsVirtualKeyCode: code, modifiers });
  if (name === "Enter") await send("Input.dispatchKeyEvent", { type: "char", text: "\r", key: name, code: name, windowsVirtualKeyCode: code });
  await send("Input.dispatchKeyEvent", { type: "keyUp", key: name, code: name, windowsVirtualKeyCode: code, modifiers });
}

// A control set as a person sets it: the value chosen, then its change event.
async function choose(id, value) {
  await evaluate(`(() => { const c = document.getElementById(${JSON.stringify(id)}); c.focus(); c.value = ${JSON.stringify(value)};
    c.dispatchEvent(new Event("change", { bubbles: true })); })()`);
}

const shown = () => evaluate(`Array.from(document.querySelectorAll("section.puzzle")).filter((s) => !s.hidden)
  .map((s) => ({ key: s.dataset.key, label: s.dataset.label, score: Number(s.dataset.score), order: Number(s.dataset.order), verdict: s.dataset.verdict }))`);
const check = (ok, what) => { if (!ok) throw new Error(what); };

await send("Page.navigate", { url: `file://${pagePath}` });
await waitFor(async () => (await evaluate("document.readyState")) === "complete" && (await evaluate("!!document.getElementById('verdicts')")), "the page");
const total = await evaluate(`document.querySelectorAll("section.puzzle").length`);
const histogram = Number(await evaluate(`document.querySelector('table.labels tr[data-label=${JSON.stringify(label)}] td:last-child').textContent`));
check(histogram >= 4, `the page has ${histogram} puzzles labelled ${label}; the check needs at least 4`);

await choose("filter-label", label);
let visible = await shown();
check(visible.length === histogram && visible.every((s) => s.label === label), `filtered to ${label}: ${JSON.stringify(visible)}`);
check(await evaluate(`document.getElementById("shown").textContent`) === `showing ${histogram} of ${total}`, "the shown count");

await choose("sort", "score-down");
visible = await shown();
check(visible.every((s, i) => i === 0 || visible[i - 1].score > s.score || (visible[i - 1].score === s.score && visible[i - 1].order < s.order)),
      `sorted by score: ${visible.map((s) => s.score)}`);
const first = await evaluate(`document.querySelector("section.puzzle:not([hidden])").dataset.key`);
check(first === visible[0].key, "the highest score comes first on the page");

for (const s of visible) await click(`section.puzzle[data-key="${s.key}"] button[data-verdict="accepted"]`);
// Reject three with the keyboard: focus the Accept button, Tab to Reject, Enter.
const rejected = visible.slice(0, 3).map((s) => s.key);
for (const k of rejected) {
  await evaluate(`document.querySelector('section.puzzle[data-key="${k}"] button[data-verdict="accepted"]').focus()`);
  await key("Tab", 9);
  check(await evaluate(`document.activeElement.dataset.verdict`) === "rejected", "Tab reaches the Reject button");
  await key("Enter", 13);
}
visible = await shown();
const accepted = visible.filter((s) => s.verdict === "accepted");
check(accepted.length === histogram - 3 && visible.filter((s) => s.verdict === "rejected").map((s) => s.key).join() === rejected.join(),
      `verdicts: ${JSON.stringify(visible)}`);
check(await evaluate(`document.getElementById("verdicts").textContent`) === `accepted ${histogram - 3}, rejected 3, open ${total - histogram}`,
      "the running count");
check(await evaluate(`document.querySelector('section.puzzle[data-key="${rejected[0]}"] button[data-verdict="rejected"]').getAttribute("aria-pressed")`) === "true",
      "a pressed button says so");

await choose("filter-label", "");  // the export does not depend on what is shown
for (const verdict of ["accepted", "rejected"]) {
  await click(`#export-${verdict}`);
  const file = `${downloads}/${verdict}-seeds.txt`;
  await waitFor(() => existsSync(file) && readFileSync(file, "utf8").endsWith("\n"), `the download ${file}`);
  const lines = readFileSync(file, "utf8").trimEnd().split("\n");
  const keys = lines.filter((l) => !l.startsWith("#"));
  const expected = (verdict === "accepted" ? accepted : visible.filter((s) => s.verdict === "rejected"))
    .slice().sort((a, b) => a.order - b.order).map((s) => s.key);
  check(lines.includes(`# ${verdict}`) && keys.join() === expected.join(), `${file}: ${lines.join(" | ")} (expected ${expected})`);
  console.log(`check-review: ${verdict}: ${keys.length} seeds (${keys.join(" ")})`);
}

await choose("filter-label", label);
const shot = await send("Page.captureScreenshot", { format: "png" });
writeFileSync(screenshot, Buffer.from(shot.data, "base64"));
console.log(`check-review: ${total} puzzles, ${histogram} labelled ${label}, sorted by score, 3 rejected with the keyboard, exported`);
for (const problem of page.problems) console.log(`check-review: ${problem}`);
page.close();
browser.close();
process.exit(page.problems.length ? 1 : 0);
