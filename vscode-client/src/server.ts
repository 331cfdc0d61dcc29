/** The language client: starting jaxerr-ls with the right Python, restarting it, its state. */

import * as fs from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  State,
} from "vscode-languageclient/node";
import { chooseInterpreter, serverLaunch } from "./interpreter";
import { activeEnvironment } from "./python";
import { SHOW_FIX } from "./pages";
import { codeOfOpenDocs, OPEN_DOCS, RECORD_SCHEME, recordPath, SHOW_RECORD } from "./records";
import { Serial } from "./serial";
import { clientSettings, serverSettings } from "./settings";

export const SECTION = "jaxerr";

/** The server's answer to `jaxerr.ingestOutput`. */
export interface IngestAnswer {
  errors: number;
  files: string[];
  disabled?: boolean;
}

export type ServerState = "starting" | "running" | "stopped";

/**
 * The one language client. Starting, stopping and restarting go through one queue, so that two
 * clients never exist at once (a second one would register the server's commands again, which
 * VS Code refuses), and every command finds the server in a settled state.
 */
export class JaxErrServer implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private readonly lifecycle = new Serial();
  private readonly stateEmitter = new vscode.EventEmitter<ServerState>();
  readonly onDidChangeState = this.stateEmitter.event;
  /** The Python the running server was started with. */
  python: string | undefined;
  /** Shows what the server answered to "Show the fix for <code>" (a code action's command,
   * which the language client sends to the server and would otherwise drop the answer of). */
  showFix: (args: unknown[], answer: unknown) => Promise<void> = async () => undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
  ) {}

  /** The bundled copy's folder, when the packaged extension has one. */
  get bundledLibs(): string | undefined {
    const libs = path.join(this.context.extensionPath, "bundled", "libs");
    return fs.existsSync(path.join(libs, "jaxerr_ls")) ? libs : undefined;
  }

  get running(): boolean {
    return this.client?.state === State.Running;
  }

  /** Starts the server unless it runs (or is starting) already. */
  start(): Promise<void> {
    return this.lifecycle.run(async () => {
      if (this.client !== undefined && this.client.state !== State.Stopped) {
        return;
      }
      // A client that stopped (its server crashed too often) is replaced, not restarted: a
      // disposed client's commands are unregistered, so the new one can register them.
      await this.stopClient();
      await this.startClient();
    });
  }

  /** Stops the server and starts it again; also recovers a server that failed to start. */
  restart(): Promise<void> {
    return this.lifecycle.run(async () => {
      await this.stopClient();
      await this.startClient();
    });
  }

  stop(): Promise<void> {
    return this.lifecycle.run(() => this.stopClient());
  }

  private async stopClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client !== undefined) {
      try {
        // dispose() stops a running client and unregisters what it registered.
        await client.dispose(5000);
      } catch (error) {
        this.log.warn(`stopping the server: ${String(error)}`);
      }
    }
    this.stateEmitter.fire("stopped");
  }

  /** Runs one of the server's commands, starting the server first when it is not running;
   * undefined (and a message) when it does not start. */
  async executeCommand<T>(command: string, ...args: unknown[]): Promise<T | undefined> {
    await this.start();
    const client = this.client;
    if (client === undefined || client.state !== State.Running) {
      void vscode.window.showWarningMessage(
        'JAX Errors: the language server is not running. See the "JAX Errors" output, or run ' +
          '"JAX Errors: Restart Server".',
      );
      return undefined;
    }
    return (await client.sendRequest(ExecuteCommandRequest.type, {
      command,
      arguments: args,
    })) as T;
  }

  private async startClient(): Promise<void> {
    this.stateEmitter.fire("starting");
    const config = vscode.workspace.getConfiguration(SECTION);
    const settings = clientSettings(config);
    const folder = vscode.workspace.workspaceFolders?.[0];
    let active;
    try {
      // In a workspace VS Code does not trust, its selected interpreter (often the folder's
      // own .venv) is not run.
      const useActive = !settings.interpreter && vscode.workspace.isTrusted;
      active = useActive ? await activeEnvironment(folder?.uri) : undefined;
    } catch (error) {
      this.log.warn(`asking the Python extension for its environment: ${String(error)}`);
    }
    const choice = chooseInterpreter(settings.interpreter, active, folder?.uri.fsPath);
    if (choice.warning) {
      this.log.warn(choice.warning);
    }
    let bundled = this.bundledLibs;
    if (settings.importStrategy === "useBundled" && bundled === undefined) {
      this.log.info("no bundled jaxerr-ls in this build: importing it from the environment");
    }
    if (settings.importStrategy === "fromEnvironment") {
      bundled = undefined;
    }
    const launch = serverLaunch(choice.python, settings.importStrategy, bundled, process.env);
    this.log.info(
      `starting ${launch.command} ${launch.args.join(" ")} (Python from ${choice.from}` +
        `${bundled ? `, jaxerr-ls bundled in ${bundled}` : ", jaxerr-ls from the environment"})`,
    );
    this.python = choice.python;
    const serverOptions: ServerOptions = {
      command: launch.command,
      args: launch.args,
      options: { env: launch.env, cwd: folder?.uri.fsPath },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: "file", language: "python" },
        { scheme: "untitled", language: "python" },
        // Notebook cells: their error outputs' diagnostics get hovers and actions there.
        { scheme: "vscode-notebook-cell", language: "python" },
      ],
      outputChannel: this.log,
      traceOutputChannel: this.log,
      // Hovers link to "Show Record" (a command link) and nothing else runs from them.
      markdown: { isTrusted: { enabledCommands: [SHOW_RECORD] } },
      initializationOptions: serverSettings(config, vscode.workspace.isTrusted),
      synchronize: { configurationSection: SECTION },
      middleware: {
        // A record's code opens the record beside the code, not JAX's source file: the server's
        // link (valid for every client) becomes a command link here.
        handleDiagnostics: (uri, diagnostics, next) => next(uri, diagnostics.map(linkToRecord)),
        provideDiagnostics: async (document, previousResultId, token, next) => {
          const report = await next(document, previousResultId, token);
          if (report?.kind === "full") {
            report.items = report.items.map(linkToRecord);
          }
          return report;
        },
        executeCommand: async (command, args, next) => {
          const code = command === OPEN_DOCS ? codeOfOpenDocs(args) : undefined;
          if (code !== undefined) {
            return vscode.commands.executeCommand(SHOW_RECORD, code);
          }
          const answer: unknown = await next(command, args);
          if (command === SHOW_FIX) {
            await this.showFix(args, answer);
          }
          return answer;
        },
        workspace: {
          // Only the server's own keys: it reports any other key as unknown, and the client's
          // generic sync would drop false and 0 values.
          didChangeConfiguration: async () => {
            const client = this.client;
            if (client === undefined) {
              return;
            }
            await client.sendNotification(DidChangeConfigurationNotification.type, {
              settings: serverSettings(
                vscode.workspace.getConfiguration(SECTION),
                vscode.workspace.isTrusted,
              ),
            });
          },
          configuration: async (params, token, next) => {
            const answer = await next(params, token);
            if (!Array.isArray(answer)) {
              return answer;
            }
            // Each folder's own settings (its scopeUri): the server reads them per folder.
            return answer.map((value, index) => {
              const item = params.items[index];
              if (item?.section !== SECTION || !value || typeof value !== "object") {
                return value;
              }
              const scope = item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined;
              return serverSettings(vscode.workspace.getConfiguration(SECTION, scope), vscode.workspace.isTrusted)
                .jaxerr;
            });
          },
        },
      },
    };
    const client = new LanguageClient("jaxerr", "JAX Errors", serverOptions, clientOptions);
    // Tells the server that a record can be shown here, so its hovers link to "Show Record".
    client.registerFeature({
      fillClientCapabilities: (capabilities) => {
        capabilities.experimental = { ...capabilities.experimental, jaxerr: { showRecordCommand: SHOW_RECORD } };
      },
      initialize: () => undefined,
      getState: () => ({ kind: "static" }),
      clear: () => undefined,
    });
    client.onDidChangeState((event) => {
      if (this.client !== client) {
        return;
      }
      this.stateEmitter.fire(
        event.newState === State.Running
          ? "running"
          : event.newState === State.Starting
            ? "starting"
            : "stopped",
      );
    });
    this.client = client;
    try {
      await client.start();
    } catch (error) {
      this.log.error(`the server did not start: ${String(error)}`);
      // The failed client is let go, so that the next start or restart begins afresh.
      this.client = undefined;
      await client.dispose(2000).catch(() => undefined);
      this.stateEmitter.fire("stopped");
      void this.reportStartFailure(choice.python, settings.importStrategy);
    }
  }

  private async reportStartFailure(python: string, strategy: string): Promise<void> {
    const open = "Show Output";
    const choose = "Set Interpreter";
    const picked = await vscode.window.showErrorMessage(
      `JAX Errors: the language server did not start with ${python}; the "JAX Errors" output ` +
        "says why. It needs Python 3.10+" +
        (strategy === "fromEnvironment" ? ", with jaxerr-ls installed there." : "."),
      open,
      choose,
    );
    if (picked === open) {
      this.log.show();
    } else if (picked === choose) {
      void vscode.commands.executeCommand("workbench.action.openSettings", "jaxerr.interpreter");
    }
  }

  dispose(): void {
    void this.stop().finally(() => this.stateEmitter.dispose());
  }
}

/** The `jaxerr-record:` document of a record: opened in an editor, it is shown as a preview. */
export function recordUri(code: string): vscode.Uri {
  return vscode.Uri.from({ scheme: RECORD_SCHEME, path: recordPath(code) });
}

/** A jaxerr diagnostic whose code opens its record. The target is the record's document rather
 * than a `command:` link, which the hover's code link does not run. */
function linkToRecord(diagnostic: vscode.Diagnostic): vscode.Diagnostic {
  const code = diagnostic.code;
  if (diagnostic.source === "jaxerr" && typeof code === "object" && code.target !== undefined) {
    diagnostic.code = { value: code.value, target: recordUri(String(code.value)) };
  }
  return diagnostic;
}
