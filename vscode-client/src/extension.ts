/** JAX Errors for VS Code: starts jaxerr-ls and feeds it the output of terminal runs. */

import * as path from "node:path";
import * as vscode from "vscode";
import { terminalText } from "./ansi";
import { failureMarker } from "./detect";
import { codeOfShowFix, EXPLAIN_TEXT, explainPage, fixPage, PAGE_SCHEME, type Page, Pages } from "./pages";
import { NotebookErrorWatcher } from "./notebooks";
import { onActiveEnvironmentChanged } from "./python";
import { codeOfRecordPath, RECORD_SCHEME, RENDER_RECORD } from "./records";
import { commandLine, parseRerun, quoteForShell, RERUN } from "./rerun";
import { JaxErrServer, recordUri, SECTION, type IngestAnswer, type ServerState } from "./server";
import { clientSettings, RESTART_SETTING_KEYS } from "./settings";
import { type FinishedRun, TerminalWatcher } from "./terminal";

// The server's commands (jaxerr_ls/server/*.py).
const INGEST_OUTPUT = "jaxerr.ingestOutput";
const CLEAR_DIAGNOSTICS = "jaxerr.clearDiagnostics";

// The client's commands (package.json). Their ids differ from the server's, which the
// language client registers itself.
const COMMANDS = {
  analyzeTerminal: "jaxerr.analyzeTerminalOutput",
  analyzeSelection: "jaxerr.analyzeSelection",
  runPytest: "jaxerr.runPytest",
  clear: "jaxerr.clear",
  showRecord: "jaxerr.showRecord",
  explainSelection: "jaxerr.explainSelection",
  restart: "jaxerr.restartServer",
} as const;

// Sources of ingested output: a new output of a source replaces that source's diagnostics.
const TERMINAL_SOURCE = "terminal";
const SELECTION_SOURCE = "selection";

/** How many jaxerr diagnostics VS Code holds, as the Problems panel counts them. */
interface Counts {
  errors: number;
  culprits: number;
  other: number;
  files: number;
}

function jaxerrCounts(): Counts {
  const counts: Counts = { errors: 0, culprits: 0, other: 0, files: 0 };
  for (const [, diagnostics] of vscode.languages.getDiagnostics()) {
    const ours = diagnostics.filter((diagnostic) => diagnostic.source === "jaxerr");
    counts.files += ours.length > 0 ? 1 : 0;
    for (const diagnostic of ours) {
      // The language client keeps the server's `data` on the diagnostics it creates.
      const role = (diagnostic as { data?: { role?: unknown } }).data?.role;
      if (role === "culprit") {
        counts.culprits += 1;
      } else if (diagnostic.severity === vscode.DiagnosticSeverity.Error) {
        counts.errors += 1;
      } else {
        counts.other += 1;
      }
    }
  }
  return counts;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;

class StatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem("jaxerr.status", vscode.StatusBarAlignment.Left, 10);
  private state: ServerState = "stopped";
  private counts: Counts = jaxerrCounts();

  constructor() {
    this.item.name = "JAX Errors";
    this.item.command = "jaxerr.showOutput";
    this.render();
    this.item.show();
  }

  setState(state: ServerState): void {
    this.state = state;
    this.render();
  }

  /** Counts again what the Problems panel shows. */
  refresh(): void {
    this.counts = jaxerrCounts();
    this.render();
  }

  private render(): void {
    const icon = { starting: "$(loading~spin)", running: "$(pulse)", stopped: "$(circle-slash)" }[this.state];
    const { errors, culprits, other, files } = this.counts;
    const total = errors + culprits + other;
    this.item.text = `${icon} JAX${total > 0 ? ` ${total}` : ""}`;
    const parts = [plural(errors, "error"), plural(culprits, "culprit note")];
    if (other > 0) {
      parts.push(`${other} other`);
    }
    const problems =
      total === 0
        ? "No JAX errors in the Problems panel."
        : `${plural(total, "problem")} in the Problems panel (${parts.join(", ")}) in ${plural(files, "file")}.`;
    this.item.tooltip = `JAX Errors: server ${this.state}. ${problems} Click for the log.`;
    this.item.accessibilityInformation = { label: `JAX Errors: server ${this.state}. ${problems}` };
    this.item.backgroundColor =
      this.state === "stopped" ? new vscode.ThemeColor("statusBarItem.warningBackground") : undefined;
  }

  dispose(): void {
    this.item.dispose();
  }
}

/** Records rendered by the running server, as `jaxerr-record:/CODE.md` documents. */
class RecordDocuments implements vscode.TextDocumentContentProvider {
  constructor(private readonly server: JaxErrServer) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const code = codeOfRecordPath(uri.path);
    if (code === undefined) {
      return `Not a record: ${uri.toString()}\n`;
    }
    const markdown = await this.server.executeCommand<string | null>(RENDER_RECORD, { code });
    if (typeof markdown === "string") {
      return markdown;
    }
    return markdown === null
      ? `# ${code}\n\nNo record has the code \`${code}\`.\n`
      : `# ${code}\n\nThe language server is not running: see the "JAX Errors" output.\n`;
  }
}

/** The server's Markdown answers (a fix to copy from, an explained error text), as
 * `jaxerr-page:/NAME.md` documents. */
class PageDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly pages = new Pages();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.pages.get(uri.path) ?? "This page is no longer available: ask for it again.\n";
  }

  /** Shows `page` in a Markdown preview beside the code (the same page's preview is updated). */
  async show(page: Page): Promise<void> {
    this.pages.set(page);
    const uri = vscode.Uri.from({ scheme: PAGE_SCHEME, path: page.path });
    this.changed.fire(uri);
    await vscode.commands.executeCommand("markdown.showPreviewToSide", uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Shows a record's rendering in a Markdown preview beside the code. */
async function showRecord(code: string): Promise<void> {
  await vscode.commands.executeCommand("markdown.showPreviewToSide", recordUri(code));
}

/** A record document opened as text (a diagnostic's code link opens it so) becomes its
 * preview beside the code. */
function previewOpenedRecords(event: vscode.TabChangeEvent): void {
  for (const tab of event.opened) {
    if (tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === RECORD_SCHEME) {
      const uri = tab.input.uri;
      void vscode.window.tabGroups
        .close(tab)
        .then(() => vscode.commands.executeCommand("markdown.showPreviewToSide", uri));
    }
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel("JAX Errors", { log: true });
  const server = new JaxErrServer(context, log);
  activeServer = server;
  const status = new StatusItem();
  const pages = new PageDocuments();
  server.showFix = async (args, answer) => {
    const page = fixPage(codeOfShowFix(args), answer);
    if (typeof page === "string") {
      log.warn(`Show the fix: ${page}`);
      void vscode.window.showWarningMessage(`JAX Errors: ${page}.`);
      return;
    }
    await pages.show(page);
  };
  context.subscriptions.push(
    pages,
    vscode.workspace.registerTextDocumentContentProvider(PAGE_SCHEME, pages),
    log,
    server,
    status,
    server.onDidChangeState((state) => status.setState(state)),
    vscode.languages.onDidChangeDiagnostics(() => status.refresh()),
    vscode.workspace.registerTextDocumentContentProvider(RECORD_SCHEME, new RecordDocuments(server)),
    vscode.window.tabGroups.onDidChangeTabs(previewOpenedRecords),
  );

  async function ingest(
    text: string,
    cwd: string | undefined,
    source: string,
    quiet: boolean,
    command?: string,
  ): Promise<void> {
    const answer = await server.executeCommand<IngestAnswer>(INGEST_OUTPUT, {
      text,
      cwd: cwd ?? null,
      source,
      command: command || null,
    });
    if (answer === undefined) {
      return;
    }
    if (answer.disabled) {
      if (!quiet) {
        void vscode.window.showInformationMessage(
          'JAX Errors: "output" is not in jaxerr.enabledSources, so output is not analysed.',
        );
      }
      return;
    }
    log.info(`${source}: ${answer.errors} error(s) in ${answer.files.length} file(s)`);
    if (quiet) {
      return;
    }
    if (answer.files.length === 0) {
      void vscode.window.showInformationMessage("JAX Errors: no error found in that output.");
    } else {
      void vscode.commands.executeCommand("workbench.actions.view.problems");
    }
  }

  function analyzeRun(run: FinishedRun, quiet: boolean): Promise<void> {
    const cwd = run.cwd ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    return ingest(run.text, cwd, TERMINAL_SOURCE, quiet, run.commandLine);
  }

  const watcher = new TerminalWatcher(
    (run) => {
      if (!clientSettings(vscode.workspace.getConfiguration(SECTION)).autoAnalyze) {
        return;
      }
      const marker = failureMarker(run.text);
      if (marker !== undefined) {
        log.info(`terminal: "${run.commandLine}" printed a ${marker} in ${run.cwd ?? "an unknown folder"}; analysing its output`);
        void analyzeRun(run, true);
      } else if (run.commandLine && jaxerrCounts().files > 0) {
        // A passing run clears the errors of the tests and scripts it ran, whichever command
        // ran them before: the server knows which those are.
        log.info(`terminal: "${run.commandLine}" passed in ${run.cwd ?? "an unknown folder"}; clearing the errors it covers`);
        void analyzeRun(run, true);
      }
    },
    (terminal) => {
      if (!clientSettings(vscode.workspace.getConfiguration(SECTION)).autoAnalyze) {
        return;
      }
      void (async () => {
        const manual = "Analyze Selection or Clipboard";
        const help = "About Shell Integration";
        const picked = await vscode.window.showInformationMessage(
          `JAX Errors cannot read the output of the terminal "${terminal.name}": its shell ` +
            "integration is not active. Copy the output and use \"JAX Errors: Analyze " +
            'Selection or Clipboard", or "JAX Errors: Analyze Last Terminal Output".',
          manual,
          help,
        );
        if (picked === manual) {
          void vscode.commands.executeCommand(COMMANDS.analyzeSelection);
        } else if (picked === help) {
          void vscode.env.openExternal(
            vscode.Uri.parse("https://code.visualstudio.com/docs/terminal/shell-integration"),
          );
        }
      })();
    },
    log,
  );
  context.subscriptions.push(watcher);
  // Cells' error outputs, sent once the server runs.
  context.subscriptions.push(new NotebookErrorWatcher(server, log));

  /** The active terminal's text through its selection and the clipboard, for terminals
   * without shell integration. The clipboard is restored afterwards. */
  async function terminalBufferText(): Promise<string | undefined> {
    if (vscode.window.activeTerminal === undefined) {
      return undefined;
    }
    const saved = await vscode.env.clipboard.readText();
    try {
      await vscode.commands.executeCommand("workbench.action.terminal.selectAll");
      await vscode.commands.executeCommand("workbench.action.terminal.copySelection");
      await vscode.commands.executeCommand("workbench.action.terminal.clearSelection");
      const text = await vscode.env.clipboard.readText();
      return text === saved ? undefined : text;
    } finally {
      await vscode.env.clipboard.writeText(saved);
    }
  }

  context.subscriptions.push(
    vscode.commands.registerCommand("jaxerr.showOutput", () => log.show()),
    vscode.commands.registerCommand(COMMANDS.analyzeTerminal, async () => {
      const run = watcher.lastRunIn(vscode.window.activeTerminal);
      if (run !== undefined) {
        await analyzeRun(run, false);
        return;
      }
      const text = await terminalBufferText();
      if (text === undefined || !text.trim()) {
        void vscode.window.showInformationMessage(
          "JAX Errors: no terminal output to analyse. Run your program or tests in the terminal first.",
        );
        return;
      }
      const cwd = vscode.window.activeTerminal?.shellIntegration?.cwd?.fsPath;
      // Text read from the screen may hold several runs: it clears nothing by meaning.
      await ingest(terminalText(text), cwd ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath, TERMINAL_SOURCE, false);
    }),
    vscode.commands.registerCommand(COMMANDS.analyzeSelection, async () => {
      const editor = vscode.window.activeTextEditor;
      const selected = editor?.selections
        .filter((selection) => !selection.isEmpty)
        .map((selection) => editor.document.getText(selection))
        .join("\n");
      const text = selected || (await vscode.env.clipboard.readText());
      if (!text.trim()) {
        void vscode.window.showInformationMessage(
          "JAX Errors: select a traceback or a test run's output, or copy it to the clipboard, first.",
        );
        return;
      }
      const folder =
        (editor && vscode.workspace.getWorkspaceFolder(editor.document.uri)) ?? vscode.workspace.workspaceFolders?.[0];
      await ingest(terminalText(text), folder?.uri.fsPath, SELECTION_SOURCE, false);
    }),
    vscode.commands.registerCommand(COMMANDS.runPytest, async () => {
      const folder = vscode.workspace.workspaceFolders?.[0];
      await server.start();
      const python = server.python ?? "python3";
      await runInTerminal("JAX Errors: pytest", folder?.uri, `${quoteForShell(python)} -m pytest --jaxerr`);
    }),
    // The command of an "Apply and re-run" code action: the server says what to run; it runs
    // in a terminal, whose output is read as any other terminal run's.
    vscode.commands.registerCommand(RERUN, async (...args: unknown[]) => {
      const rerun = parseRerun(args);
      if (typeof rerun === "string") {
        log.warn(rerun);
        void vscode.window.showErrorMessage(`JAX Errors: ${rerun}.`);
        return;
      }
      if (!vscode.workspace.isTrusted) {
        const manage = "Manage Workspace Trust";
        const picked = await vscode.window.showWarningMessage(
          `JAX Errors: re-running ${rerun.label} runs this workspace's code, and VS Code does not ` +
            "trust this workspace. Trust it to re-run from here, or run the command yourself: " +
            commandLine(rerun.argv),
          manage,
        );
        if (picked === manage) {
          void vscode.commands.executeCommand("workbench.trust.manage");
        }
        return;
      }
      // The fix was just applied to the open editors: the run reads the files from disk.
      const unsaved = vscode.workspace.textDocuments.filter((document) => document.isDirty && document.uri.scheme === "file");
      const saved = await Promise.all(unsaved.map((document) => document.save()));
      if (saved.includes(false)) {
        void vscode.window.showWarningMessage(`JAX Errors: a file could not be saved; ${rerun.label} was not re-run.`);
        return;
      }
      log.info(`re-running ${rerun.label}: ${commandLine(rerun.argv)} (in ${rerun.cwd})`);
      await runInTerminal("JAX Errors: re-run", vscode.Uri.file(rerun.cwd), commandLine(rerun.argv));
    }),
    vscode.commands.registerCommand(COMMANDS.explainSelection, async (given?: unknown) => {
      const text = typeof given === "string" && given.trim() ? given : await selectedErrorText();
      if (text === undefined) {
        void vscode.window.showInformationMessage(
          "JAX Errors: select an error message or traceback in an editor or a terminal first.",
        );
        return;
      }
      let answer: unknown;
      try {
        answer = await server.executeCommand<unknown>(EXPLAIN_TEXT, { text: terminalText(text) });
      } catch (error) {
        log.error(`Explain Selected Error Text: ${String(error)}`);
        void vscode.window.showErrorMessage(`JAX Errors: the server could not explain that text: ${String(error)}`);
        return;
      }
      if (answer === undefined) {
        return;
      }
      const page = explainPage(answer);
      if (page === undefined) {
        void vscode.window.showInformationMessage("JAX Errors: no record matches the selected text.");
      } else if (typeof page === "string") {
        log.warn(`Explain Selected Error Text: ${page}`);
        void vscode.window.showWarningMessage(`JAX Errors: ${page}.`);
      } else {
        await pages.show(page);
      }
    }),
    vscode.commands.registerCommand(COMMANDS.clear, async () => {
      await server.executeCommand(CLEAR_DIAGNOSTICS);
    }),
    vscode.commands.registerCommand(COMMANDS.showRecord, async (code?: unknown) => {
      // From a diagnostic's code link or the "Open documentation" action: the code is given.
      const chosen = typeof code === "string" && code ? code : await pickRecordCode();
      if (chosen !== undefined) {
        await showRecord(chosen);
      }
    }),
    vscode.commands.registerCommand(COMMANDS.restart, () => server.restart()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (RESTART_SETTING_KEYS.some((key) => event.affectsConfiguration(`${SECTION}.${key}`))) {
        log.info("interpreter settings changed: restarting the server");
        void server.restart();
      }
    }),
    // Trusted now: the folder's interpreter and trustWorkspaceInterpreter may apply.
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      log.info("the workspace is trusted now: restarting the server");
      void server.restart();
    }),
  );

  /** Runs `command` in a new terminal in `cwd`, through its shell integration when it starts
   * in time (so that the run is read like any other), else typed in. */
  async function runInTerminal(name: string, cwd: vscode.Uri | undefined, command: string): Promise<void> {
    const settings = clientSettings(vscode.workspace.getConfiguration(SECTION));
    // The pytest plugin comes with jaxerr-ls: with the bundled copy, the run needs it on
    // its path too (after the project's own entries).
    const env: Record<string, string> = {};
    const bundled = settings.importStrategy === "useBundled" ? server.bundledLibs : undefined;
    if (bundled !== undefined) {
      env.PYTHONPATH = [process.env.PYTHONPATH, bundled].filter(Boolean).join(path.delimiter);
    }
    const terminal = vscode.window.createTerminal({ name, cwd, env });
    terminal.show();
    const integration = await waitForShellIntegration(terminal, 3000);
    if (integration !== undefined) {
      integration.executeCommand(command);
    } else {
      terminal.sendText(command);
    }
  }

  /** The selected text of the active editor, else of the active terminal (read through the
   * clipboard, which is restored), else undefined. */
  async function selectedErrorText(): Promise<string | undefined> {
    const editor = vscode.window.activeTextEditor;
    const selected = editor?.selections
      .filter((selection) => !selection.isEmpty)
      .map((selection) => editor.document.getText(selection))
      .join("\n");
    if (selected?.trim()) {
      return selected;
    }
    if (vscode.window.activeTerminal === undefined) {
      return undefined;
    }
    const saved = await vscode.env.clipboard.readText();
    try {
      await vscode.env.clipboard.writeText("");
      await vscode.commands.executeCommand("workbench.action.terminal.copySelection");
      const text = await vscode.env.clipboard.readText();
      return text.trim() ? text : undefined;
    } finally {
      await vscode.env.clipboard.writeText(saved);
    }
  }

  const environmentChanged = await onActiveEnvironmentChanged(() => {
    if (!clientSettings(vscode.workspace.getConfiguration(SECTION)).interpreter) {
      log.info("the Python extension's environment changed: restarting the server");
      void server.restart();
    }
  });
  if (environmentChanged !== undefined) {
    context.subscriptions.push(environmentChanged);
  }

  await server.start();
}

let activeServer: JaxErrServer | undefined;

/** Stops the server, and lets VS Code wait until it has exited. */
export function deactivate(): Promise<void> | undefined {
  return activeServer?.stop();
}

/** The code of a jaxerr diagnostic: at the cursor, else picked from all of them. */
async function pickRecordCode(): Promise<string | undefined> {
  const codeOf = (diagnostic: vscode.Diagnostic): string | undefined => {
    const code = typeof diagnostic.code === "object" ? diagnostic.code.value : diagnostic.code;
    return diagnostic.source === "jaxerr" && code !== undefined ? String(code) : undefined;
  };
  const editor = vscode.window.activeTextEditor;
  if (editor !== undefined) {
    const here = vscode.languages
      .getDiagnostics(editor.document.uri)
      .filter((diagnostic) => diagnostic.range.contains(editor.selection.active))
      .map(codeOf)
      .find((code) => code !== undefined);
    if (here !== undefined) {
      return here;
    }
  }
  const codes = new Map<string, string>();
  for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
    for (const diagnostic of diagnostics) {
      const code = codeOf(diagnostic);
      if (code !== undefined && !codes.has(code)) {
        codes.set(code, `${vscode.workspace.asRelativePath(uri)}:${diagnostic.range.start.line + 1}`);
      }
    }
  }
  if (codes.size === 0) {
    const typed = await vscode.window.showInputBox({
      prompt: "No jaxerr diagnostics now. Record code:",
      placeHolder: "custom-vjp-bwd-args-mismatch",
    });
    return typed?.trim() || undefined;
  }
  const items = [...codes].map(([label, description]) => ({ label, description }));
  const picked = await vscode.window.showQuickPick(items, { placeHolder: "The record of which error?" });
  return picked?.label;
}

function waitForShellIntegration(
  terminal: vscode.Terminal,
  timeoutMs: number,
): Promise<vscode.TerminalShellIntegration | undefined> {
  if (terminal.shellIntegration !== undefined) {
    return Promise.resolve(terminal.shellIntegration);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      listener.dispose();
      resolve(undefined);
    }, timeoutMs);
    const listener = vscode.window.onDidChangeTerminalShellIntegration((event) => {
      if (event.terminal === terminal) {
        clearTimeout(timer);
        listener.dispose();
        resolve(event.shellIntegration);
      }
    });
  });
}
