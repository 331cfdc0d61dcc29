/**
 * The packaged extension in a real VS Code (code-server), driven through headless Chromium as a
 * person would: a failing JAX program run in the integrated terminal gives a diagnostic on the
 * failing line, hover shows the API doc, and the quick fix edits the rule at fault.
 */

import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { chromium } from "playwright-core";
import {
  REPO,
  copyWorkspace,
  extensionLogs,
  installExtension,
  makeSandbox,
  startCodeServer,
  stopCodeServer,
  writeSettings,
} from "../code-server.mjs";

const VSIX = process.env.JAXERR_E2E_VSIX ?? path.join(REPO, "vscode-client", "jaxerr-0.1.0.vsix");
const PYTHON = process.env.JAXERR_E2E_PYTHON ?? path.join(REPO, ".venv", "bin", "python");
const SCRIPT = "scripts/custom_vjp_bwd_shape.py";
// Where the fix belongs: the custom_vjp bwd rule that returns the wrong cotangent.
const RULE_FILE = "model/ops.py";
// Where a failure's screenshot goes (default: the run's temporary folder, kept on failure).
const ARTIFACTS = process.env.JAXERR_E2E_ARTIFACTS;
const SCREENSHOT = process.env.JAXERR_E2E_SCREENSHOT;

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

// Waits are on conditions; these only bound them.
const STARTUP_MS = 90_000;
const RUN_MS = 60_000;
const UI_MS = 20_000;
const STEP_MS = 180_000;

/** The line (1-based) and record code of the `# jaxerr-expect: CODE` marker in a file. */
function expectMarker(text) {
  const lines = text.split("\n");
  const index = lines.findIndex((line) => /#\s*jaxerr-expect:\s*[\w-]+/.test(line));
  assert.notEqual(index, -1, "the fixture script has no jaxerr-expect marker");
  return { line: index + 1, code: /#\s*jaxerr-expect:\s*([\w-]+)/.exec(lines[index])[1], text: lines[index] };
}

/** `line` with the first call of `name` replaced by its argument text: `f(a(b),)` -> `a(b),`. */
function unwrapCall(line, name) {
  const start = line.indexOf(`${name}(`);
  assert.notEqual(start, -1, `no ${name}( in ${line}`);
  let depth = 0;
  for (let index = start + name.length; index < line.length; index++) {
    depth += line[index] === "(" ? 1 : line[index] === ")" ? -1 : 0;
    if (depth === 0) {
      return line.slice(0, start) + line.slice(start + name.length + 1, index) + line.slice(index + 1);
    }
  }
  assert.fail(`unbalanced parentheses in ${line}`);
}

const apiDoc = (name) => JSON.parse(fs.readFileSync(path.join(REPO, "data", "api", `${name}.json`), "utf8"));

let dirs;
let server;
let browser;
let page;
let failed = false;

async function runCommand(label) {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ timeout: UI_MS });
  await input.fill(`>${label}`);
  await page
    .locator(".quick-input-list .monaco-list-row", { hasText: label })
    .first()
    .click({ timeout: UI_MS });
}

async function openFile(relative) {
  await page.keyboard.press("Control+P");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ timeout: UI_MS });
  await input.fill(relative);
  const name = path.basename(relative);
  await page.locator(".quick-input-list .monaco-list-row", { hasText: name }).first().click({ timeout: UI_MS });
  await page.locator(`.tab.active[data-resource-name="${name}"]`).waitFor({ timeout: UI_MS });
  await activeEditor().locator(".view-lines").waitFor({ timeout: UI_MS });
}

function activeEditor() {
  return page.locator(".editor-group-container.active .monaco-editor").first();
}

/** Places the cursor at a 1-based line and column with Go to Line. */
async function goTo(line, column) {
  await activeEditor().locator(".view-lines").click();
  await page.keyboard.press("Control+G");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ timeout: UI_MS });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press("Enter");
  await page.locator(".quick-input-widget").waitFor({ state: "hidden", timeout: UI_MS });
}

/** The editor's rendered lines (1-based number -> { text, top, bottom }) as the page lays them out. */
function renderedLines() {
  return activeEditor().evaluate((editor) => {
    const numbers = new Map();
    for (const element of editor.querySelectorAll(".margin-view-overlays .line-numbers")) {
      const box = element.getBoundingClientRect();
      numbers.set(Math.round(box.top), Number(element.textContent.trim()));
    }
    const lines = {};
    for (const element of editor.querySelectorAll(".view-lines .view-line")) {
      const box = element.getBoundingClientRect();
      const number = numbers.get(Math.round(box.top));
      if (number !== undefined) {
        // Monaco renders spaces as non-breaking spaces.
        lines[number] = { text: element.textContent.replace(/\u00a0/g, " "), top: box.top, bottom: box.bottom };
      }
    }
    return lines;
  });
}

/** The 1-based lines that carry an error squiggle. */
async function squiggledLines() {
  const lines = await renderedLines();
  const boxes = await activeEditor()
    .locator(".view-overlays .squiggly-error")
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON()));
  const found = new Set();
  for (const box of boxes) {
    const middle = box.top + box.height / 2;
    for (const [number, line] of Object.entries(lines)) {
      if (middle >= line.top && middle <= line.bottom) {
        found.add(Number(number));
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

function terminalText() {
  // The first rows are the terminal's own; a second set would be the sticky scroll overlay.
  return page.locator(".terminal-wrapper.active .xterm-rows").first().innerText();
}

/** Polls `condition` until it gives a truthy value; on time-out, says what `explain` finds. */
async function waitFor(what, condition, timeoutMs, explain) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) {
      return value;
    }
    if (Date.now() > deadline) {
      const seen = explain === undefined ? "" : `; found: ${JSON.stringify(await explain().catch(String))}`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${seen}`);
    }
    await page.waitForTimeout(250);
  }
}

const PROMPT = /[$#]$/;

/** Types a command line into the active terminal and waits for its output and the next prompt. */
async function runInTerminal(commandLine, expectOutput) {
  // A new terminal each time: one shown again after another panel (Problems) may go on
  // showing what it showed then, in headless Chromium.
  await runCommand("Terminal: Create New Terminal");
  await waitFor("the terminal's prompt", async () => PROMPT.test((await terminalText()).trimEnd()), UI_MS, terminalText);
  await page.locator(".terminal-wrapper.active .xterm").click();
  await page.keyboard.type(commandLine);
  await page.keyboard.press("Enter");
  await waitFor(
    `the terminal to print ${expectOutput} and a new prompt`,
    async () => {
      const text = (await terminalText()).trimEnd();
      return expectOutput.test(text) && PROMPT.test(text);
    },
    RUN_MS,
    terminalText,
  );
}

/** The Problems panel's marker rows, each with the file row it is under. */
async function problems() {
  const rows = await page.locator(".markers-panel .monaco-list-row").evaluateAll((elements) =>
    elements.map((element) => ({
      level: Number(element.getAttribute("aria-level")),
      name: element.querySelector(".label-name")?.textContent ?? "",
      text: element.innerText,
    })),
  );
  const markers = [];
  let file;
  for (const row of rows) {
    if (row.level === 1) {
      file = row.name;
    } else if (row.level === 2) {
      markers.push({ file, text: row.text });
    }
  }
  return markers;
}

describe("the JAX Errors extension in VS Code", () => {
  // A run stopped from outside (Ctrl+C, a CI time-out) still stops code-server and its terminals.
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      void stopCodeServer(server).finally(() => process.exit(130));
    });
  }

  before(
    async () => {
      try {
        dirs = makeSandbox();
        copyWorkspace(dirs, path.join(REPO, "tests", "fixtures", "project"));
        installExtension(dirs, VSIX);
        writeSettings(dirs, PYTHON);
        server = await startCodeServer(dirs, { timeoutMs: STARTUP_MS });
        browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
        page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        await page.goto(`${server.url}/?folder=${encodeURIComponent(dirs.workspace)}`);
        await page.locator(".monaco-workbench .explorer-folders-view").waitFor({ timeout: STARTUP_MS });
        // Files are opened by name; the editor and the panel get the width.
        await runCommand("View: Close Primary Side Bar");
      } catch (error) {
        failed = true;
        throw error;
      }
    },
    { timeout: STEP_MS },
  );

  after(
    async () => {
      try {
        if (failed && page !== undefined) {
          const folder = ARTIFACTS ?? dirs.root;
          fs.mkdirSync(folder, { recursive: true });
          const shot = path.join(folder, "jaxerr-e2e-failure.png");
          await page.screenshot({ path: shot }).catch(() => undefined);
          console.error(`screenshot of the failure: ${shot}`);
        }
        await browser?.close();
      } finally {
        await stopCodeServer(server);
        if (failed && dirs !== undefined) {
          console.error(`--- code-server log (${dirs.log}) ---\n${fs.readFileSync(dirs.log, "utf8")}`);
          for (const log of extensionLogs(dirs)) {
            console.error(`--- ${path.relative(dirs.userData, log)} ---\n${fs.readFileSync(log, "utf8")}`);
          }
          console.error(`the run's files are kept in ${dirs.root}`);
        } else if (dirs !== undefined) {
          fs.rmSync(dirs.root, { recursive: true, force: true });
        }
      }
    },
    { timeout: STEP_MS },
  );

  /** A test that marks the run failed, so that `after` reports the logs and keeps the files. */
  const step = (name, body) =>
    it(name, { timeout: STEP_MS }, async () => {
      try {
        await body();
      } catch (error) {
        failed = true;
        throw error;
      }
    });

  let marker;
  const command = () => `PYTHONPATH=. ${PYTHON} ${SCRIPT}`;

  step("a failing program run in the terminal gets a diagnostic on the failing line", async () => {
    marker = expectMarker(fs.readFileSync(path.join(dirs.workspace, SCRIPT), "utf8"));
    await openFile(SCRIPT);
    // The extension is active once its status bar item is there, and its server runs once
    // the item shows the pulse icon.
    await page.locator('[id="jaxerr-ls.jaxerr.jaxerr.status"] .codicon-pulse').waitFor({ timeout: STARTUP_MS });
    await runInTerminal(command(), /ValueError/);

    await page.keyboard.press("Control+Shift+M");
    const row = await waitFor(
      `a ${marker.code} row under ${path.basename(SCRIPT)} in the Problems panel`,
      async () =>
        (await problems()).find((found) => found.file === path.basename(SCRIPT) && found.text.includes(marker.code))
          ?.text,
      RUN_MS,
      problems,
    );
    assert.match(row, new RegExp(`\\[Ln ${marker.line}, Col \\d+\\]`), row);
    assert.match(row, /\bjaxerr\b/, row);
    // JAX's own message, as the program printed it.
    assert.match(row, /must produce an output with the same type as the args tuple/, row);

    await waitFor(
      `a squiggle on line ${marker.line}`,
      async () => (await squiggledLines()).includes(marker.line),
      UI_MS,
      squiggledLines,
    );
    assert.deepEqual(await squiggledLines(), [marker.line]);
  });

  step("hover on jax.grad shows the API doc from the server", async () => {
    const at = marker.text.indexOf("jax.grad");
    assert.notEqual(at, -1, `no jax.grad on line ${marker.line}: ${marker.text}`);
    // On "grad": columns are 1-based.
    await goTo(marker.line, at + "jax.".length + 2);
    await runCommand("Show or Focus Hover");
    const doc = apiDoc("jax.grad");
    const hover = page.locator(".monaco-hover:not(.hidden)").filter({ hasText: doc.summary }).first();
    await waitFor(
      "a hover with the jax.grad API doc",
      () => hover.isVisible(),
      UI_MS,
      () => page.locator(".monaco-hover:not(.hidden)").allInnerTexts(),
    );
    assert.ok((await hover.textContent()).includes(doc.signature), "the hover shows jax.grad's signature");
    if (SCREENSHOT) {
      await page.screenshot({ path: SCREENSHOT });
    }
    await page.keyboard.press("Escape");
  });

  step("the quick fix on the rule at fault edits it as the server says, and the program then runs", async () => {
    const rulePath = path.join(dirs.workspace, RULE_FILE);
    const original = fs.readFileSync(rulePath, "utf8");
    await openFile(RULE_FILE);
    const culprit = await waitFor(`a squiggle in ${RULE_FILE}`, async () => (await squiggledLines())[0], UI_MS);
    const culpritText = original.split("\n")[culprit - 1];
    // Inside the squiggled code: the line's first non-blank character.
    await goTo(culprit, culpritText.search(/\S/) + 1);
    await page.keyboard.press("Control+.");
    const fix = page.locator(".action-widget .monaco-list-row", { hasText: `jaxerr (${marker.code}): ` }).first();
    await waitFor(
      "the jaxerr quick fix in the Quick Fix menu",
      () => fix.isVisible(),
      UI_MS,
      () => page.locator(".action-widget .monaco-list-row").allInnerTexts(),
    );
    const title = (await fix.innerText()).trim();
    console.log(`quick fix: ${title}`);
    // The server's fix for a full reduction in the bwd rule: "Remove jnp.sum so output[0] ...".
    const removed = /: Remove (\S+) so /.exec(title);
    assert.ok(removed, `an unexpected quick fix: ${title}`);
    const expected = unwrapCall(culpritText, removed[1]);

    await fix.click();
    await waitFor(
      `line ${culprit} of ${RULE_FILE} to change in the editor`,
      async () => (await renderedLines())[culprit]?.text.trimEnd() === expected.trimEnd(),
      UI_MS,
      async () => (await renderedLines())[culprit]?.text,
    );
    await page.keyboard.press("Control+S");
    const fixed = await waitFor(
      `${RULE_FILE} to be saved`,
      async () => {
        const text = fs.readFileSync(rulePath, "utf8");
        return text !== original ? text : undefined;
      },
      UI_MS,
    );
    const before = original.split("\n");
    const afterFix = fixed.split("\n");
    assert.equal(afterFix.length, before.length);
    assert.deepEqual(
      afterFix.flatMap((line, index) => (line === before[index] ? [] : [index + 1])),
      [culprit],
      "the fix changes the rule's return line only",
    );
    assert.equal(afterFix[culprit - 1], expected);

    // The same command now passes: the program prints its result and the error goes away.
    await runInTerminal(command(), /grad norm/);
    await page.keyboard.press("Control+Shift+M");
    await waitFor(
      "the Problems panel to lose the error",
      async () => !(await problems()).some((found) => found.text.includes(marker.code)),
      RUN_MS,
      problems,
    );
  });
});
