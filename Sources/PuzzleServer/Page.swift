import Foundation
import PuzzleKit

/// The one page of `puzzlelab serve`: HTML, CSS and JavaScript compiled
/// in, so the binary needs no resource files. The script knows no rule of
/// any game: it sends moves and draws the `PlayView` it gets back.
enum PlayPage {
    /// The page, with the words of every language and the server's
    /// language built in.
    static func html(language: Language) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let words = (try? encoder.encode(PageWords.catalogue.tables)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let safeWords = words.replacingOccurrences(of: "</", with: "<\\/")
        return """
            <!DOCTYPE html>
            <html lang="\(language.code)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>PuzzleLab</title>
            <link rel="icon" href="data:,">
            <link rel="stylesheet" href="/play.css">
            </head>
            <body data-language="\(language.code)">
            <main>
            <section id="start">
              <h1 data-word="start.heading"></h1>
              <form id="start-form">
                <label><span data-word="start.family"></span> <select id="family"></select></label>
                <label><span data-word="start.profile"></span> <select id="profile"></select></label>
                <label><span data-word="start.seed"></span> <input id="seed" inputmode="numeric" pattern="[0-9]*" autocomplete="off"></label>
                <label><span data-word="start.file"></span> <select id="file"></select></label>
                <label><span data-word="start.player"></span> <input id="player" autocomplete="nickname" maxlength="40"></label>
                <label><span data-word="start.language"></span> <select id="language"><option value="en">English</option><option value="de">Deutsch</option></select></label>
                <button id="play" type="submit" data-word="start.play"></button>
              </form>
            </section>
            <section id="game" hidden>
              <header>
                <button id="back" type="button" data-word="game.back"></button>
                <h1 id="title"></h1>
                <p id="status" aria-label="status"></p>
              </header>
              <p id="instructions"></p>
              <p id="message" role="status" aria-live="polite"></p>
              <div id="done" hidden role="alert"></div>
              <p id="prompt"></p>
              <p id="entry"></p>
              <div id="board">
                <table id="grid" role="grid"></table>
                <ol id="items"></ol>
              </div>
              <div id="tiles" role="toolbar"></div>
              <form id="answer-form" hidden><label><span data-word="game.answer"></span> <input id="answer" autocomplete="off"></label></form>
              <button id="key" type="button" hidden data-word="game.key"></button>
              <div id="modes" role="radiogroup" hidden></div>
              <div id="actions"></div>
            </section>
            </main>
            <script id="words" type="application/json">\(safeWords)</script>
            <script src="/play.js"></script>
            </body>
            </html>

            """
    }

    static let css = #"""
        :root { --ink: #111; --paper: #fff; --accent: #0a4bd6; --good: #0a7a2f; --bad: #b3001b; --muted: #555; }
        * { box-sizing: border-box; }
        html { font-size: clamp(18px, 2.2vw, 34px); }
        body { margin: 0; font-family: system-ui, sans-serif; color: var(--ink); background: var(--paper); line-height: 1.35; }
        main { max-width: 60rem; margin: 0 auto; padding: 0.8rem; }
        h1 { font-size: 1.6rem; margin: 0.3rem 0; }
        label { display: block; margin: 0.5rem 0; font-weight: 600; }
        input, select, button { font: inherit; min-height: 44px; min-width: 44px; }
        input, select { border: 2px solid var(--ink); border-radius: 0.3rem; padding: 0.2rem 0.4rem; }
        button { border: 3px solid var(--ink); border-radius: 0.4rem; background: #f2f2f2; color: var(--ink); padding: 0.2rem 0.7rem; margin: 0.2rem; cursor: pointer; touch-action: manipulation; }
        button:focus-visible, td:focus-visible, input:focus-visible { outline: 4px solid var(--accent); outline-offset: 2px; }
        button[aria-pressed="true"] { background: var(--accent); color: #fff; }
        header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.6rem; }
        #status { font-size: 1.2rem; font-weight: 700; margin: 0; }
        #message { min-height: 1.5em; font-size: 1.2rem; font-weight: 600; }
        #message.right { color: var(--good); } #message.wrong, #message.refused { color: var(--bad); }
        #done { font-size: 1.6rem; font-weight: 800; padding: 0.6rem; border: 4px solid var(--good); }
        #done[data-outcome="lost"], #done[data-outcome="given-up"] { border-color: var(--bad); }
        #prompt { font-size: 2rem; font-weight: 800; margin: 0.3rem 0; }
        #entry { font-size: 1.6rem; font-family: ui-monospace, monospace; min-height: 1.2em; margin: 0.2rem 0; }
        #board { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
        #grid { border-collapse: collapse; }
        #grid td { width: 2.2rem; height: 2.2rem; min-width: 44px; min-height: 44px; text-align: center; font-size: 1.4rem; font-weight: 700; border: 2px solid var(--ink); user-select: none; }
        #grid td.block { background: var(--ink); }
        #grid td.given, #grid td.symbol, #grid td.target { background: #e8e8e8; }
        #grid td.blank { background: #fff; }
        #grid td.placed { color: var(--accent); }
        #grid td.kept { background: #d7f5df; }
        #grid td.removed { color: #999; text-decoration: line-through; }
        #grid td.selected { background: #ffe27a; }
        #grid td.found { background: #bfe6ff; }
        #grid td.tappable { cursor: pointer; }
        #grid td.cursor { outline: 4px dashed var(--accent); outline-offset: -6px; }
        #grid td.chosen { box-shadow: inset 0 0 0 5px var(--accent); }
        #items { font-size: 1.3rem; margin: 0; }
        #items li.done { color: var(--good); } #items li.wrong { color: var(--bad); } #items li.current { font-weight: 800; }
        #tiles button { font-size: 1.4rem; min-width: 2.4rem; }
        #tiles button:disabled { opacity: 0.3; }
        #key { display: block; width: 100%; min-height: 6rem; font-size: 1.6rem; }
        [hidden], #key[hidden] { display: none; }
        #key.down { background: var(--ink); color: #fff; }
        """#

    static let script = #"""
        "use strict";
        const WORDS = JSON.parse(document.getElementById("words").textContent);
        const $ = (id) => document.getElementById(id);
        let language = localStorage.getItem("puzzlelab.language") || document.body.dataset.language || "en";
        let families = [], game = null, view = null, gaveUp = false;
        let cursor = { row: 0, column: 0 }, chosenTile = null, chosenCell = null, typed = "", mode = null;
        let pressStart = null, lastRelease = null;

        function word(key) { return (WORDS[language] && WORDS[language][key]) || WORDS.en[key] || key; }
        function translate() {
          document.documentElement.lang = language;
          document.title = word("page.title");
          for (const element of document.querySelectorAll("[data-word]")) element.textContent = word(element.dataset.word);
          const generated = $("file").querySelector('option[value=""]');
          if (generated) generated.textContent = word("start.generated");
        }

        async function api(method, path, body) {
          try {
            const response = await fetch(path, { method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
            const data = await response.json();
            if (!response.ok) { say(data.error || word("error.server"), "refused"); return null; }
            return data;
          } catch (error) { say(word("error.server"), "refused"); return null; }
        }

        function say(text, result) { const message = $("message"); message.textContent = text || ""; message.className = result || ""; }

        function fillStart() {
          const family = families.find((f) => f.kind === $("family").value) || families[0];
          $("profile").replaceChildren(...family.profiles.map((p) => new Option(p, p)));
          $("file").replaceChildren(new Option(word("start.generated"), ""),
            ...family.files.map((f) => new Option(f.puzzles > 1 ? `${f.name} (${f.puzzles})` : f.name, f.name)));
        }

        async function start() {
          const list = await api("GET", "/api/families");
          if (!list) return;
          families = list.families;
          $("family").replaceChildren(...families.map((f) => new Option(f.kind, f.kind)));
          $("language").value = language;
          $("player").value = localStorage.getItem("puzzlelab.player") || "";
          fillStart();
          translate();
        }

        async function newGame(event) {
          event.preventDefault();
          localStorage.setItem("puzzlelab.player", $("player").value);
          const request = { kind: $("family").value, language, player: $("player").value };
          if ($("file").value) { request.file = $("file").value; }
          else {
            request.profile = $("profile").value;
            const seed = parseInt($("seed").value, 10);
            if (Number.isSafeInteger(seed)) request.seed = seed;
          }
          const created = await api("POST", "/api/games", request);
          if (!created) return;
          game = created.id; gaveUp = false; cursor = { row: 0, column: 0 }; chosenTile = null; chosenCell = null; typed = ""; mode = null;
          if (created.seed !== undefined) $("seed").value = created.seed;
          $("start").hidden = true; $("game").hidden = false;
          say("");
          draw(created.view);
          focusBoard();
        }

        async function send(move) {
          if (!game) return;
          if (move.action === "give-up") gaveUp = true;
          // The grid's cells are counted from the view's first row and column (cross sums: the sums come first).
          if (move.row !== undefined) move = { ...move, row: move.row + view.firstRow, column: move.column + view.firstColumn };
          const reply = await api("POST", `/api/games/${game}/moves`, move);
          if (!reply) return;
          say(reply.message || "", reply.result);
          chosenTile = null;
          draw(reply.view);
          // How many replies the page has drawn, for scripts that drive it.
          document.body.dataset.replies = String(Number(document.body.dataset.replies || 0) + 1);
        }

        function offered(action) { return view && view.actions.includes(action); }

        function draw(next) {
          view = next;
          $("title").textContent = view.title;
          $("instructions").textContent = view.instructions;
          $("prompt").textContent = view.prompt || "";
          $("entry").textContent = view.entry || "";
          const s = view.status, parts = [];
          if (s.lives !== undefined && s.lives !== null) parts.push(`${word("game.lives")} ${"♥".repeat(s.lives)}${"♡".repeat(Math.max(0, (s.maxLives || s.lives) - s.lives))}`);
          if (s.stars !== undefined && s.stars !== null) parts.push(`${word("game.stars")} ${"★".repeat(s.stars)}`);
          if (s.streak !== undefined && s.streak !== null) parts.push(`${word("game.streak")} ${s.streak}`);
          if (s.level) parts.push(`${word("game.level")} ${s.level}/${s.levels}`);
          parts.push(`${word("game.mistakes")} ${s.mistakes}`, `${word("game.hints")} ${s.hints}`);
          $("status").textContent = parts.join(" · ");
          drawGrid(); drawTiles(); drawItems(); drawControls();
          const done = $("done");
          if (s.finished) {
            const outcome = s.completed ? "completed" : gaveUp ? "given-up" : "lost";
            done.dataset.outcome = outcome; done.textContent = word(`done.${outcome}`); done.hidden = false;
          } else { done.hidden = true; delete done.dataset.outcome; }
        }

        function drawGrid() {
          // A redraw replaces the cells: the keyboard's focus stays on the cursor's cell.
          const focused = document.activeElement && document.activeElement.tagName === "TD";
          const rows = view.grid.map((cells, row) => {
            const tr = document.createElement("tr");
            cells.forEach((cell, column) => {
              const td = document.createElement("td");
              td.textContent = cell.text;
              td.className = cell.kind + (cell.tappable ? " tappable" : "");
              td.dataset.row = row; td.dataset.column = column;
              td.setAttribute("role", "gridcell");
              td.setAttribute("aria-label", `${row + view.firstRow + 1}/${column + view.firstColumn + 1}: ${cell.text || "—"}`);
              if (row === cursor.row && column === cursor.column) { td.classList.add("cursor"); td.tabIndex = 0; } else td.tabIndex = -1;
              if (chosenCell && chosenCell.row === row && chosenCell.column === column) td.classList.add("chosen");
              td.addEventListener("pointerup", () => { cursor = { row, column }; tap(row, column); });
              tr.append(td);
            });
            return tr;
          });
          $("grid").replaceChildren(...rows);
          if (focused) focusBoard();
        }

        function drawTiles() {
          $("tiles").replaceChildren(...view.tiles.map((tile, index) => {
            const button = document.createElement("button");
            button.type = "button"; button.textContent = tile.value; button.disabled = !tile.available || view.status.finished;
            button.dataset.tile = index;
            button.setAttribute("aria-pressed", String(chosenTile === index));
            button.addEventListener("click", () => {
              chosenTile = chosenTile === index ? null : index;
              if (chosenTile !== null && chosenCell) { place(chosenCell, view.tiles[index].value); chosenCell = null; } else drawTiles();
            });
            return button;
          }));
        }

        function drawItems() {
          $("items").replaceChildren(...view.items.map((item) => {
            const li = document.createElement("li"); li.textContent = item.text; li.className = item.state; return li;
          }));
        }

        const CELL_ACTIONS = ["place", "keep", "remove", "select"], INPUT_ACTIONS = ["answer", "type"], KEY_ACTIONS = ["press", "pause"];
        function drawControls() {
          const modes = ["keep", "remove"].filter(offered);
          if (modes.length && !modes.includes(mode)) mode = modes[0];
          $("modes").hidden = modes.length === 0;
          $("modes").setAttribute("aria-label", word("game.mode"));
          $("modes").replaceChildren(...modes.map((m) => {
            const button = document.createElement("button");
            button.type = "button"; button.textContent = word(`action.${m}`); button.dataset.mode = m;
            button.setAttribute("aria-pressed", String(mode === m));
            button.addEventListener("click", () => { mode = m; drawControls(); });
            return button;
          }));
          const input = INPUT_ACTIONS.find(offered);
          $("answer-form").hidden = !input;
          $("key").hidden = !offered("press");
          const buttons = view.actions.filter((a) => !CELL_ACTIONS.includes(a) && !INPUT_ACTIONS.includes(a) && !KEY_ACTIONS.includes(a));
          if (input) buttons.unshift(input);
          $("actions").replaceChildren(...buttons.map((action) => {
            const button = document.createElement("button");
            button.type = "button"; button.textContent = word(`action.${action}`); button.dataset.action = action;
            button.addEventListener("click", () => act(action));
            return button;
          }));
        }

        function act(action) {
          if (INPUT_ACTIONS.includes(action)) {
            const value = $("answer").value.trim();
            $("answer").value = "";
            send({ action, value });
          } else if (action === "clear" && offered("place")) {
            const cell = chosenCell || cursor;
            send({ action, row: cell.row, column: cell.column });
          } else send({ action });
        }

        function place(cell, value) { send({ action: "place", row: cell.row, column: cell.column, value: String(value) }); }

        function tap(row, column) {
          if (!view || view.status.finished) return;
          if (mode && offered(mode)) return send({ action: mode, row, column });
          if (offered("select")) return send({ action: "select", row, column });
          if (offered("place")) {
            if (chosenTile !== null && view.tiles[chosenTile]) return place({ row, column }, view.tiles[chosenTile].value);
            chosenCell = { row, column }; typed = ""; drawGrid(); drawTiles();
          }
        }

        function moveCursor(dr, dc) {
          if (!view.grid.length) return;
          const rows = view.grid.length, columns = view.grid[0].length;
          cursor = { row: (cursor.row + dr + rows) % rows, column: (cursor.column + dc + columns) % columns };
          drawGrid(); focusBoard();
        }

        function focusBoard() { const td = document.querySelector("#grid td.cursor"); if (td) td.focus(); }

        function keyDown(event) {
          if ($("game").hidden || !view) return;
          const inInput = event.target === $("answer");
          if (event.key === " " && offered("press") && !inInput) { event.preventDefault(); if (!event.repeat) pressDown(); return; }
          if (inInput) return;
          const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
          if (arrows[event.key] && view.grid.length) { event.preventDefault(); moveCursor(...arrows[event.key]); return; }
          const onCell = event.target.tagName === "TD";
          if (/^[0-9]$/.test(event.key) && offered("place")) { chosenCell = { ...cursor }; typed += event.key; say(typed); return; }
          if (event.key === "Backspace" && offered("place") && offered("clear")) { event.preventDefault(); typed = ""; send({ action: "clear", row: cursor.row, column: cursor.column }); return; }
          if ((event.key === "k" || event.key === "K") && offered("keep")) { mode = "keep"; drawControls(); return; }
          if ((event.key === "r" || event.key === "R") && offered("remove")) { mode = "remove"; drawControls(); return; }
          if (event.key === "Escape" && offered("clear") && !offered("place")) { send({ action: "clear" }); return; }
          if (event.key === "Enter" || (event.key === " " && onCell)) {
            if (typed && offered("place")) { event.preventDefault(); const value = typed; typed = ""; chosenCell = null; return place(cursor, value); }
            if (onCell) { event.preventDefault(); return tap(cursor.row, cursor.column); }
            if (event.target.tagName !== "BUTTON" && offered("submit")) { event.preventDefault(); send({ action: "submit" }); }
          }
        }

        async function pressDown() { if (pressStart === null) { pressStart = performance.now(); $("key").classList.add("down"); } }
        async function pressUp() {
          if (pressStart === null) return;
          const now = performance.now(), held = Math.round(now - pressStart), gap = lastRelease === null ? null : Math.round(pressStart - lastRelease);
          pressStart = null; lastRelease = now; $("key").classList.remove("down");
          if (gap !== null) await send({ action: "pause", ms: gap });
          await send({ action: "press", ms: held });
        }

        $("family").addEventListener("change", fillStart);
        $("language").addEventListener("change", () => { language = $("language").value; localStorage.setItem("puzzlelab.language", language); translate(); });
        $("start-form").addEventListener("submit", newGame);
        $("answer-form").addEventListener("submit", (event) => { event.preventDefault(); const action = INPUT_ACTIONS.find(offered); if (action) act(action); });
        $("back").addEventListener("click", () => { game = null; view = null; $("game").hidden = true; $("start").hidden = false; });
        $("key").addEventListener("pointerdown", (event) => { event.preventDefault(); pressDown(); });
        $("key").addEventListener("pointerup", pressUp);
        $("key").addEventListener("pointerleave", pressUp);
        document.addEventListener("keydown", keyDown);
        document.addEventListener("keyup", (event) => { if (event.key === " " && offered("press") && event.target !== $("answer")) { event.preventDefault(); pressUp(); } });
        start();
        """#
}
