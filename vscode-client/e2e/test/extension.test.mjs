/**
 * The packaged extension in a real VS Code (code-server), driven through headless Chromium as a
 * person would: a failing JAX program run in the integrated terminal gives a diagnostic on the
 * failing line, the status bar counts what the Problems panel shows, every contributed command
 * runs with the server up and leaves terminal capture, diagnostics and Clear Diagnostics working,
 * the record opens beside the code from the diagnostic's code, "Show Record" and the
 * "Open documentation" action, hover shows the API doc, the quick fix edits the rule at fault, and
 * "Explain Selected Error Text" shows the record of a pasted error (the server's jaxerr.explainText),
 * a notebook a real kernel executed shows its cell's error output on that cell and line, and a
 * program of the blind corpus (written by someone who had not read the fixes) is mended by
 * "Apply and re-run": the fix lands, its test runs again in a terminal and passes, and the
 * diagnostic goes away.
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
const NOTEBOOK = "analysis.ipynb";
// A program of the blind corpus (tests/blind/README.md): its meta.json names its test and the
// line where the change belongs.
const BLIND = path.join(REPO, "tests", "blind", "f01_hijax_bwd_return", "01_softsign_mlp");
const BLIND_DIR = "softsign";
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
const MANIFEST = JSON.parse(fs.readFileSync(path.join(REPO, "vscode-client", "package.json"), "utf8"));
const record = (code) =>
  fs
    .readdirSync(path.join(REPO, "data", "records"))
    .map((name) => JSON.parse(fs.readFileSync(path.join(REPO, "data", "records", name), "utf8")).record)
    .find((found) => found.code === code);

let dirs;
let server;
let browser;
let page;
let failed = false;

async function runCommand(label) {
  const input = page.locator(".quick-input-widget input");
  // The palette closes when something takes the focus (the Problems panel does as new
  // diagnostics arrive): open it again then.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press("F1");
    try {
      await input.waitFor({ timeout: UI_MS / 4 });
      await input.fill(`>${label}`, { timeout: UI_MS / 4 });
      await page
        .locator(".quick-input-list .monaco-list-row", { hasText: label })
        .first()
        .click({ timeout: UI_MS / 2 });
      return;
    } catch (error) {
      if (attempt === 3) {
        throw error;
      }
      await page.keyboard.press("Escape");
    }
  }
}

async function openFile(relative) {
  await quickOpen(relative);
  await activeEditor().locator(".view-lines").waitFor({ timeout: UI_MS });
}

/** Opens a file with Quick Open and waits for its tab (a notebook has no one text editor). */
async function quickOpen(relative) {
  const input = page.locator(".quick-input-widget input");
  const name = path.basename(relative);
  // Quick Open may still be indexing the workspace, or lose the focus: ask again then.
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press("Control+P");
    try {
      await input.waitFor({ timeout: UI_MS });
      await input.fill(relative);
      await page.locator(".quick-input-list .monaco-list-row", { hasText: name }).first().click({ timeout: UI_MS });
      break;
    } catch (error) {
      if (attempt === 3) {
        throw error;
      }
      await page.keyboard.press("Escape");
    }
  }
  await page.locator(`.tab.active[data-resource-name="${name}"]`).waitFor({ timeout: UI_MS });
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

/**
 * The Quick Fix menu's row that has ``text``, the menu opened at the cursor. A menu opened
 * before the server's code actions arrive stays empty (VS Code does not fill it later), so it
 * is closed and opened again every two seconds, as a user would, until the row shows.
 */
async function quickFixRow(text, what) {
  const row = page.locator(".action-widget .monaco-list-row", { hasText: text }).first();
  let opened = 0;
  await waitFor(
    what,
    async () => {
      if (await row.isVisible()) {
        return true;
      }
      if (Date.now() - opened > 2000) {
        await page.keyboard.press("Escape");
        await page.keyboard.press("Control+.");
        opened = Date.now();
      }
      return false;
    },
    UI_MS,
    () => page.locator(".action-widget .monaco-list-row").allInnerTexts(),
  );
  return row;
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

/** Like runInTerminal, in a folder of the workspace: the shell goes there first, so that the
 * terminal reports the run's folder as shell integration does for a user who changed folder. */
async function runInTerminalAt(folder, commandLine, expectOutput) {
  await runInTerminal(`cd ${folder}`, /./);
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

/** The status bar item's text ("JAX 2") and tooltip. */
async function statusItem() {
  const item = page.locator('[id="jaxerr-ls.jaxerr.jaxerr.status"]');
  return { text: (await item.innerText()).trim(), label: (await item.getAttribute("aria-label")) ?? "" };
}

async function jaxerrProblems() {
  return (await problems()).filter((found) => /\bjaxerr\b/.test(found.text));
}

/** The text of every frame of the page (webviews, such as the Markdown preview, are frames). */
async function frameTexts() {
  const texts = [];
  for (const frame of page.frames()) {
    texts.push(await frame.locator("body").innerText({ timeout: 1000 }).catch(() => ""));
  }
  return texts;
}

/** Waits for the Markdown preview of a record, beside the code, and closes every editor. */
async function expectRecordPreview(code) {
  const shown = record(code);
  const tab = page.locator(".tab", { hasText: `Preview ${code}.md` });
  await waitFor(`the preview tab of ${code}`, () => tab.first().isVisible(), UI_MS, () =>
    page.locator(".tab").allInnerTexts(),
  );
  // Rendered by the running server: the record's meaning, its solutions, its example fix, and
  // the link to JAX's source last.
  const text = await waitFor(
    `the preview of ${code} to render`,
    async () => (await frameTexts()).find((found) => found.includes("Solutions")),
    UI_MS,
    frameTexts,
  );
  const meaning = text.indexOf(shown.documentation.slice(0, 40));
  const order = [meaning, text.indexOf("Solutions"), text.indexOf("Example fix"), text.indexOf("Source in JAX")];
  assert.ok(order.every((at) => at >= 0), `the preview lacks a part: ${order} in ${text}`);
  assert.deepEqual(order, [...order].sort((a, b) => a - b), "the record's parts are in order");
  // Beside the code: two editor groups.
  assert.equal(await page.locator(".editor-group-container").count(), 2);
  await runCommand("View: Close All Editor Groups");
  await page.locator(".tab").first().waitFor({ state: "detached", timeout: UI_MS });
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
        // The clipboard, for "Analyze Selection or Clipboard".
        page = await browser.newPage({
          viewport: { width: 1400, height: 900 },
          permissions: ["clipboard-read", "clipboard-write"],
        });
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
  const step = (name, body, timeout = STEP_MS) =>
    it(name, { timeout }, async () => {
      try {
        await body();
      } catch (error) {
        failed = true;
        // The page as the step failed (later steps change it).
        const folder = ARTIFACTS ?? dirs.root;
        fs.mkdirSync(folder, { recursive: true });
        const shot = path.join(folder, `jaxerr-e2e-${name.replace(/\W+/g, "-").slice(0, 60)}.png`);
        await page?.screenshot({ path: shot }).catch(() => undefined);
        console.error(`screenshot of the failed step: ${shot}`);
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

    // The status bar counts what the Problems panel shows: the error and the culprit's note.
    const rows = await waitFor("the culprit's row", async () => {
      const found = await jaxerrProblems();
      return found.length >= 2 ? found : undefined;
    }, UI_MS, problems);
    const status = await waitFor(
      `the status bar to count ${rows.length}`,
      async () => {
        const found = await statusItem();
        return found.text.endsWith(`JAX ${rows.length}`) ? found : undefined;
      },
      UI_MS,
      statusItem,
    );
    assert.match(status.label, new RegExp(`${rows.length} problems in the Problems panel \\(1 error, 1 culprit note\\)`));
  });

  /** A failing run in the terminal is analysed and Clear Diagnostics clears it. */
  async function captureAndClearStillWork(after) {
    // Cleared first: the panel renders the rows in view only, and a test run fills it.
    await runCommand("JAX Errors: Clear Diagnostics");
    await waitFor(`after "${after}": an empty Problems panel`, async () => (await jaxerrProblems()).length === 0, UI_MS, problems);
    await runInTerminal(command(), /ValueError/);
    await page.keyboard.press("Control+Shift+M");
    await waitFor(
      `after "${after}": the run's ${marker.code} row in the Problems panel`,
      async () => (await jaxerrProblems()).some((found) => found.text.includes(marker.code)),
      RUN_MS,
      problems,
    );
    await runCommand("JAX Errors: Clear Diagnostics");
    await waitFor(
      `after "${after}": Clear Diagnostics to empty the Problems panel`,
      async () => (await jaxerrProblems()).length === 0,
      UI_MS,
      problems,
    );
    // No count: the icon has no text.
    await waitFor("the status bar to count nothing", async () => (await statusItem()).text === "JAX", UI_MS, statusItem);
  }

  step("every contributed command runs with the server up, and capture, diagnostics and Clear still work", async () => {
    const titles = MANIFEST.contributes.commands.map((contributed) => `${contributed.category}: ${contributed.title}`);
    assert.equal(titles.length, 7);
    const running = page.locator('[id="jaxerr-ls.jaxerr.jaxerr.status"] .codicon-pulse');
    for (const title of titles) {
      console.log(`command: ${title}`);
      await openFile(SCRIPT);
      await runCommand(title);
      if (title.endsWith("Show Record")) {
        // No diagnostic under the cursor: pick from those of the last run (cleared: type one).
        await page.locator(".quick-input-widget", { hasText: "Record code" }).waitFor({ timeout: UI_MS });
        await page.locator(".quick-input-widget input").fill(marker.code);
        await page.keyboard.press("Enter");
        await expectRecordPreview(marker.code);
      } else if (title.endsWith("Run pytest with JAX Diagnostics")) {
        // The project's tests run in a terminal of their own, and their failures are analysed.
        await waitFor(
          "the pytest run to finish",
          async () => {
            const text = (await terminalText()).trimEnd();
            return /\d+ failed/.test(text) && PROMPT.test(text);
          },
          // The project's whole test suite, every test a JAX program.
          RUN_MS * 6,
          terminalText,
        );
        await page.keyboard.press("Control+Shift+M");
        await waitFor(
          "the pytest run's errors in the Problems panel",
          // The panel renders the rows in view only: any file but the script's is the run's.
          async () => (await jaxerrProblems()).some((found) => found.file !== path.basename(SCRIPT)),
          RUN_MS,
          problems,
        );
      } else if (title.endsWith("Explain Selected Error Text")) {
        // Nothing is selected: it says what to select, and asks the server nothing.
        await page
          .locator(".notification-toast", { hasText: "select an error message or traceback" })
          .first()
          .waitFor({ timeout: UI_MS });
        await runCommand("Notifications: Clear All Notifications");
      } else if (title.endsWith("Restart Server")) {
        await running.waitFor({ state: "detached", timeout: UI_MS }).catch(() => undefined);
        await running.waitFor({ timeout: STARTUP_MS });
        // The restarted server reads the pytest run's report again (the pytest command ran
        // before): its errors come back, then Clear Diagnostics must clear them too. Waited for,
        // or they would land after the clearing and push the run's row out of view.
        await page.keyboard.press("Control+Shift+M");
        await waitFor(
          "the restarted server to publish the pytest report's errors again",
          async () => (await jaxerrProblems()).some((found) => found.file !== path.basename(SCRIPT)),
          RUN_MS,
          problems,
        );
      }
      await running.waitFor({ timeout: STARTUP_MS });
      await captureAndClearStillWork(title);
    }
    // Back to the first step's state, for the steps that follow.
    await runInTerminal(command(), /ValueError/);
    await page.keyboard.press("Control+Shift+M");
    await waitFor(`the ${marker.code} row again`, async () => (await jaxerrProblems()).length >= 2, RUN_MS, problems);
    // Seven commands, each followed by a JAX run in the terminal; the pytest run is the project's.
  }, STEP_MS * 7);

  step("the record is one click away: the diagnostic's code and the Open documentation action", async () => {
    const row = page.locator(".markers-panel .monaco-list-row", { hasText: marker.code }).first();
    await row.locator(".monaco-link", { hasText: marker.code }).click({ timeout: UI_MS });
    await expectRecordPreview(marker.code);

    await openFile(SCRIPT);
    await goTo(marker.line, marker.text.indexOf("jax.grad") + 2);
    const open = await quickFixRow(`Open documentation for ${marker.code}`, "the Open documentation action");
    await open.click();
    await expectRecordPreview(marker.code);
    await openFile(SCRIPT);
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
    const fix = await quickFixRow(`jaxerr (${marker.code}): `, "the jaxerr quick fix in the Quick Fix menu");
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

  step("Explain Selected Error Text shows the record of a pasted error beside it", async () => {
    // The program's real output, pasted into a file of its own as a user would.
    const log = fs.readFileSync(path.join(REPO, "tests", "fixtures", "logs", "jax-0.12.0.1", "script", "custom_vjp_bwd_shape.log"), "utf8");
    fs.writeFileSync(path.join(dirs.workspace, "pasted-error.txt"), log);
    await openFile("pasted-error.txt");
    await activeEditor().locator(".view-lines").click();
    await page.keyboard.press("Control+A");
    await runCommand("JAX Errors: Explain Selected Error Text");
    const tab = page.locator(".tab", { hasText: `Preview explain-${marker.code}.md` });
    await waitFor(`the preview tab of the explained ${marker.code}`, () => tab.first().isVisible(), UI_MS, () =>
      page.locator(".tab").allInnerTexts(),
    );
    const meaning = record(marker.code).documentation.slice(0, 40);
    await waitFor(
      "the explained record to render",
      async () => (await frameTexts()).some((found) => found.includes(meaning) && /score/.test(found)),
      UI_MS,
      frameTexts,
    );
    assert.equal(await page.locator(".editor-group-container").count(), 2);
    await runCommand("View: Close All Editor Groups");
  });

  step("a notebook's cell error output is a diagnostic on its cell and line", async () => {
    // A notebook a real kernel executed (tests/fixtures/notebooks/capture_ipython.py), with
    // its error outputs saved; VS Code's own notebook support opens it.
    const saved = path.join(REPO, "tests", "fixtures", "notebooks", "analysis-context.ipynb");
    fs.cpSync(saved, path.join(dirs.workspace, NOTEBOOK));
    const cells = JSON.parse(fs.readFileSync(saved, "utf8")).cells;
    // The custom_vjp cell: jax.grad of a function whose bwd rule returns the wrong structure.
    const index = cells.findIndex((cell) => cell.source.join("").includes("jaxerr-expect: custom-vjp-bwd-structure"));
    assert.notEqual(index, -1);
    const cellMarker = expectMarker(cells[index].source.join(""));
    await quickOpen(NOTEBOOK);
    await page.locator('[id="jaxerr-ls.jaxerr.jaxerr.status"] .codicon-pulse').waitFor({ timeout: STARTUP_MS });
    await page.keyboard.press("Control+Shift+M");
    const row = await waitFor(
      `a ${cellMarker.code} row under ${NOTEBOOK} in the Problems panel`,
      async () =>
        (await problems()).find((found) => found.file === NOTEBOOK && found.text.includes(cellMarker.code))?.text,
      RUN_MS,
      problems,
    );
    assert.match(row, new RegExp(`\\[Ln ${cellMarker.line}, Col \\d+\\]`), row);
    assert.match(row, /\bjaxerr\b/, row);
    // JAX's message, as the kernel printed it.
    assert.match(row, /Custom VJP bwd rule must produce an output with the same container/, row);
    // On that cell: the row reveals it, and the status bar names it.
    await page.locator(".markers-panel .monaco-list-row", { hasText: cellMarker.code }).first().click();
    const where = `Cell ${index + 1} of ${cells.length}`;
    await waitFor(
      `the status bar to show ${where}`,
      async () => (await page.locator(".statusbar").innerText()).includes(where),
      UI_MS,
      () => page.locator(".statusbar").innerText(),
    );
    await runCommand("View: Close All Editor Groups");
  });

  step("Apply and re-run mends a blind-corpus program: its test passes and its diagnostic clears", async () => {
    const meta = JSON.parse(fs.readFileSync(path.join(BLIND, "meta.json"), "utf8"));
    const project = path.join(dirs.workspace, BLIND_DIR);
    fs.cpSync(BLIND, project, {
      recursive: true,
      filter: (source) => !["fixed", "logs", "meta.json"].includes(path.basename(source)),
    });
    // Its own pytest root, as the user's project would be.
    fs.writeFileSync(path.join(project, "pytest.ini"), "[pytest]\n");
    const culpritPath = path.join(project, meta.culprit.file);
    const original = fs.readFileSync(culpritPath, "utf8");
    const [testFile] = meta.test.split("::");
    await runCommand("JAX Errors: Clear Diagnostics");
    await runInTerminalAt(BLIND_DIR, `${PYTHON} -m pytest -q -p no:cacheprovider ${testFile}`, /1 failed/);
    await page.keyboard.press("Control+Shift+M");
    await waitFor(
      `a ${meta.record} row under ${meta.error_line.file}`,
      async () => (await jaxerrProblems()).some((found) => found.file === meta.error_line.file && found.text.includes(meta.record)),
      RUN_MS,
      problems,
    );

    await openFile(`${BLIND_DIR}/${meta.culprit.file}`);
    const culpritText = original.split("\n")[meta.culprit.line - 1];
    // Inside the code at fault (the editor renders the lines in view only).
    await goTo(meta.culprit.line, culpritText.search(/\S/) + 1);
    await waitFor(
      `a squiggle on the culprit, line ${meta.culprit.line} of ${meta.culprit.file}`,
      async () => (await squiggledLines()).includes(meta.culprit.line),
      UI_MS,
      squiggledLines,
    );
    // The fix's twin that also re-runs the failing test, by its pytest id.
    const action = await quickFixRow(`Apply and re-run ${meta.test}`, `the Apply and re-run ${meta.test} action`);
    console.log(`apply and re-run: ${(await action.innerText()).trim()}`);
    await action.click();

    // The edit is saved before the run, and the run is the test's alone.
    await waitFor(
      `${meta.culprit.file} to be changed on disk`,
      async () => fs.readFileSync(culpritPath, "utf8") !== original,
      UI_MS,
    );
    await waitFor(
      "the re-run to pass in its terminal",
      async () => {
        const text = (await terminalText()).trimEnd();
        return /1 passed/.test(text) && PROMPT.test(text) ? text : undefined;
      },
      RUN_MS * 2,
      terminalText,
    );
    await page.keyboard.press("Control+Shift+M");
    await waitFor(
      `the Problems panel to lose ${meta.record}`,
      async () => !(await problems()).some((found) => found.text.includes(meta.record)),
      RUN_MS,
      problems,
    );
    await runCommand("View: Close All Editor Groups");
    // Two JAX runs of a project's test.
  }, STEP_MS * 2);
});
