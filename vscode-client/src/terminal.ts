/** Reads every command's output in the integrated terminal (shell integration) and hands the
 * finished ones on; says once when a terminal has no shell integration. */

import * as vscode from "vscode";
import { captureStream, DEFAULT_CAPTURE_LIMIT, type OutputCapture } from "./capture";

export interface FinishedRun {
  text: string;
  cwd: string | undefined;
  commandLine: string;
  exitCode: number | undefined;
  truncated: boolean;
  terminal: vscode.Terminal;
}

// How long a new terminal gets to start its shell integration before we say it has none.
const SHELL_INTEGRATION_GRACE_MS = 10_000;

/** The folder a terminal was opened in, when it was given one. */
export function openedIn(terminal: vscode.Terminal): string | undefined {
  const options = terminal.creationOptions;
  const cwd = "cwd" in options ? options.cwd : undefined;
  return typeof cwd === "string" ? cwd : cwd?.fsPath;
}

export class TerminalWatcher implements vscode.Disposable {
  private readonly reading = new Map<vscode.TerminalShellExecution, Promise<OutputCapture>>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private warned = false;
  /** The last finished command's output, per terminal and overall. */
  private readonly lastRuns = new Map<vscode.Terminal, FinishedRun>();
  lastRun: FinishedRun | undefined;

  constructor(
    private readonly onFinished: (run: FinishedRun) => void,
    private readonly onNoShellIntegration: (terminal: vscode.Terminal) => void,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      vscode.window.onDidStartTerminalShellExecution((event) => {
        // read() must be called as the command starts, or its first output is lost.
        const stream = event.execution.read();
        this.reading.set(event.execution, captureStream(stream, DEFAULT_CAPTURE_LIMIT));
      }),
      vscode.window.onDidEndTerminalShellExecution((event) => void this.finished(event)),
      vscode.window.onDidOpenTerminal((terminal) => this.checkShellIntegration(terminal)),
      vscode.window.onDidCloseTerminal((terminal) => this.lastRuns.delete(terminal)),
    );
    for (const terminal of vscode.window.terminals) {
      this.checkShellIntegration(terminal);
    }
  }

  /** The last finished run in `terminal`, else in any terminal. */
  lastRunIn(terminal: vscode.Terminal | undefined): FinishedRun | undefined {
    return (terminal && this.lastRuns.get(terminal)) || this.lastRun;
  }

  private async finished(event: vscode.TerminalShellExecutionEndEvent): Promise<void> {
    const reading = this.reading.get(event.execution);
    this.reading.delete(event.execution);
    if (reading === undefined) {
      return;
    }
    let capture: OutputCapture;
    try {
      capture = await reading;
    } catch (error) {
      this.log.warn(`reading a terminal command's output: ${String(error)}`);
      return;
    }
    const run: FinishedRun = {
      text: capture.text(),
      // Shell integration may not know the folder yet in a terminal that has just started (one
      // the extension opened to re-run a test): the folder it was opened in, then.
      cwd: event.execution.cwd?.fsPath ?? event.terminal.shellIntegration?.cwd?.fsPath ?? openedIn(event.terminal),
      commandLine: event.execution.commandLine.value,
      exitCode: event.exitCode,
      truncated: capture.truncated,
      terminal: event.terminal,
    };
    this.lastRuns.set(event.terminal, run);
    this.lastRun = run;
    this.onFinished(run);
  }

  private checkShellIntegration(terminal: vscode.Terminal): void {
    if (this.warned || terminal.shellIntegration !== undefined) {
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const open = vscode.window.terminals.includes(terminal);
      if (!this.warned && open && terminal.shellIntegration === undefined) {
        this.warned = true;
        this.onNoShellIntegration(terminal);
      }
    }, SHELL_INTEGRATION_GRACE_MS);
    this.timers.add(timer);
  }

  dispose(): void {
    for (const timer of this.timers) {
      clearTimeout(timer);
    }
    for (const disposable of this.disposables) {
      disposable.dispose();
    }
  }
}
