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
import { clientSettings, serverSettings } from "./settings";

export const SECTION = "jaxerr";

/** The server's answer to `jaxerr.ingestOutput`. */
export interface IngestAnswer {
  errors: number;
  files: string[];
  disabled?: boolean;
}

export type ServerState = "starting" | "running" | "stopped";

export class JaxErrServer implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private starting: Promise<void> | undefined;
  private readonly stateEmitter = new vscode.EventEmitter<ServerState>();
  readonly onDidChangeState = this.stateEmitter.event;
  /** The Python the running server was started with. */
  python: string | undefined;

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

  async start(): Promise<void> {
    if (this.starting === undefined) {
      this.starting = this.startClient().finally(() => {
        this.starting = undefined;
      });
    }
    return this.starting;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client !== undefined) {
      try {
        await client.stop(5000);
      } catch (error) {
        this.log.warn(`stopping the server: ${String(error)}`);
      }
      await client.dispose();
    }
    this.stateEmitter.fire("stopped");
  }

  /** Runs one of the server's commands; undefined (and a message) when it is not running. */
  async executeCommand<T>(command: string, ...args: unknown[]): Promise<T | undefined> {
    if (this.starting !== undefined) {
      await this.starting;
    }
    const client = this.client;
    if (client === undefined || client.state !== State.Running) {
      void vscode.window.showWarningMessage(
        "JAX Errors: the language server is not running. See the \"JAX Errors\" output.",
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
      ],
      outputChannel: this.log,
      traceOutputChannel: this.log,
      initializationOptions: serverSettings(config, vscode.workspace.isTrusted),
      synchronize: { configurationSection: SECTION },
      middleware: {
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
            return answer.map((value, index) =>
              params.items[index]?.section === SECTION && value && typeof value === "object"
                ? serverSettings(vscode.workspace.getConfiguration(SECTION), vscode.workspace.isTrusted)
                    .jaxerr
                : value,
            );
          },
        },
      },
    };
    const client = new LanguageClient("jaxerr", "JAX Errors", serverOptions, clientOptions);
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
      this.stateEmitter.fire("stopped");
      const open = "Show Output";
      const choose = "Set Interpreter";
      const picked = await vscode.window.showErrorMessage(
        `JAX Errors: the language server did not start with ${choice.python}. ` +
          "It needs Python 3.10+ (and jaxerr-ls installed there when jaxerr.importStrategy " +
          "is fromEnvironment).",
        open,
        choose,
      );
      if (picked === open) {
        this.log.show();
      } else if (picked === choose) {
        void vscode.commands.executeCommand(
          "workbench.action.openSettings",
          "jaxerr.interpreter",
        );
      }
    }
  }

  dispose(): void {
    void this.stop();
    this.stateEmitter.dispose();
  }
}
