/** A real jaxerr-ls process started as the extension starts it, and a JSON-RPC connection to it. */

import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import { createMessageConnection, type MessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { serverLaunch } from "../src/interpreter";

export interface ServerSession {
  connection: MessageConnection;
  /** The messages the server showed (window/showMessage). */
  messages: string[];
  /** The diagnostics last published per document URI. */
  diagnostics: Map<string, { code?: string | number; message: string }[]>;
  /** What the server wrote on stderr. */
  stderr: () => string;
  close: () => Promise<void>;
}

/** Starts the server with `python` (`bundled`: the bundle's libs, else the environment's
 * jaxerr-ls) in `cwd` and initializes it on the folder `root`. */
export async function startServer(
  python: string,
  bundled: string | undefined,
  root: string,
  initializationOptions: unknown,
  { cwd = root, env = process.env }: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<ServerSession> {
  const launch = serverLaunch(python, bundled ? "useBundled" : "fromEnvironment", bundled, env);
  const child = spawn(launch.command, launch.args, { env: launch.env, cwd, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const messages: string[] = [];
  connection.onNotification("window/showMessage", (params: { message: string }) => messages.push(params.message));
  connection.onNotification("window/logMessage", () => undefined);
  const diagnostics: ServerSession["diagnostics"] = new Map();
  connection.onNotification(
    "textDocument/publishDiagnostics",
    (params: { uri: string; diagnostics: { code?: string | number; message: string }[] }) =>
      diagnostics.set(params.uri, params.diagnostics),
  );
  connection.onRequest(() => null);
  connection.listen();
  await connection.sendRequest("initialize", {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: "project" }],
    capabilities: {},
    initializationOptions,
  });
  await connection.sendNotification("initialized", {});
  return {
    connection,
    messages,
    diagnostics,
    stderr: () => stderr,
    close: async () => {
      try {
        await connection.sendRequest("shutdown");
        await connection.sendNotification("exit");
      } finally {
        connection.dispose();
        child.kill();
      }
    },
  };
}
