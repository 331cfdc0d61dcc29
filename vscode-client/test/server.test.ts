/** The real server, started as the extension starts it, fed a terminal run as the extension
 * feeds it. Skipped when neither the bundle nor the repository's .venv is there. */

import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import type { MessageConnection } from "vscode-jsonrpc/node";
import { OutputCapture } from "../src/capture";
import { hasFailure } from "../src/detect";
import { plainReader, serverSettings } from "../src/settings";
import { CLIENT_ROOT, LOGS, read, REPO_ROOT } from "./fixtures";
import { type ServerSession, startServer } from "./lsp";

const BUNDLED = path.join(CLIENT_ROOT, "bundled", "libs");
const VENV_PYTHON = path.join(REPO_ROOT, ".venv", "bin", "python");
const hasBundle = fs.existsSync(path.join(BUNDLED, "jaxerr_ls"));
// The bundle runs on any Python 3.10+; without it, the repository's own environment.
const python = hasBundle ? "python3" : VENV_PYTHON;
const skip = !hasBundle && !fs.existsSync(VENV_PYTHON) ? "no bundle and no .venv" : false;

describe("the server as the extension starts it", { skip }, () => {
  let connection: MessageConnection;
  let session: ServerSession;
  let messages: string[];
  const manifest = JSON.parse(read(path.join(CLIENT_ROOT, "package.json")));
  const defaults: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries<{ default: unknown }>(manifest.contributes.configuration.properties)) {
    const parts = key.replace(/^jaxerr\./, "").split(".");
    let into = defaults;
    for (const part of parts.slice(0, -1)) {
      into = (into[part] ??= {}) as Record<string, unknown>;
    }
    into[parts[parts.length - 1]] = setting.default;
  }

  before(async () => {
    const project = JSON.parse(read(path.join(LOGS, "manifest.json"))).project as string;
    const settings = serverSettings(plainReader(defaults));
    // From the repository's root, so that its jaxerr_ls is the one imported without a bundle.
    session = await startServer(python, hasBundle ? BUNDLED : undefined, project, settings, { cwd: REPO_ROOT });
    ({ connection, messages } = session);
  });

  after(() => session.close());

  it("takes the contributed defaults without a complaint", async () => {
    await connection.sendNotification("workspace/didChangeConfiguration", {
      settings: serverSettings(plainReader({ ...defaults, culpritDiagnostics: false })),
    });
    // A round trip, so that any message about the settings has arrived.
    await connection.sendRequest("workspace/executeCommand", { command: "jaxerr.clearDiagnostics", arguments: [] });
    assert.deepEqual(messages, []);
  });

  it("puts a captured coloured pytest run's errors in the project", async () => {
    const log = read(path.join(LOGS, "jax-0.12.0.1", "pytest", "tb-auto-color-v.log"));
    const capture = new OutputCapture();
    capture.append(log.replace(/\n/g, "\r\n"));
    const text = capture.text();
    assert.ok(hasFailure(text));
    const project = JSON.parse(read(path.join(LOGS, "manifest.json"))).project as string;
    const answer = (await connection.sendRequest("workspace/executeCommand", {
      command: "jaxerr.ingestOutput",
      arguments: [{ text, cwd: project, source: "terminal" }],
    })) as { errors: number; files: string[] };
    assert.ok(answer.errors >= 10, `only ${answer.errors} errors`);
    assert.ok(answer.files.some((uri) => uri.endsWith("/tests/test_ops.py")), JSON.stringify(answer.files));
    assert.deepEqual(messages, []);
  });
});
