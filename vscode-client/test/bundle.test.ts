/** The bundled server on every Python the extension supports: it starts, and its compiled
 * dependency (rapidfuzz, which fuzzy matching needs) loads the build made for that Python.
 * Skipped without a bundle (`npm run bundle-server`); the Pythons are those of
 * JAXERR_BUNDLE_PYTHONS (paths, separated by the path delimiter), else pyenv's 3.10 to 3.13. */

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, it } from "node:test";
import { serverLaunch } from "../src/interpreter";
import { CLIENT_ROOT, LOGS, read } from "./fixtures";
import { startServer } from "./lsp";

const BUNDLED = path.join(CLIENT_ROOT, "bundled", "libs");
const hasBundle = fs.existsSync(path.join(BUNDLED, "jaxerr_ls"));
const SUPPORTED = ["3.10", "3.11", "3.12", "3.13"];

function pythons(): string[] {
  const listed = process.env.JAXERR_BUNDLE_PYTHONS;
  if (listed) {
    return listed.split(path.delimiter).filter(Boolean);
  }
  const versions = path.join(os.homedir(), ".pyenv", "versions");
  if (!fs.existsSync(versions)) {
    return [];
  }
  return fs
    .readdirSync(versions)
    .filter((name) => SUPPORTED.some((minor) => name === minor || name.startsWith(`${minor}.`)))
    .map((name) => path.join(versions, name, "bin", "python3"))
    .filter((python) => fs.existsSync(python));
}

// The environment without the developer's own PYTHONPATH: only the bundle may provide imports.
const cleanEnv = { ...process.env, PYTHONPATH: undefined };
// A real error, reworded so that only fuzzy matching (rapidfuzz) recognises it.
const SCRIPT_LOG = path.join(LOGS, "jax-0.12.0.1", "script", "custom_vjp_bwd_shape.log");
const REWORDED = read(SCRIPT_LOG).replace("must produce an output", "has to produce an output").replace("same type", "identical type");

const found = pythons();
const skip = !hasBundle ? "no bundle (npm run bundle-server)" : found.length === 0 ? "no Python 3.10-3.13 found" : false;

describe("the bundled server on each supported Python", { skip }, () => {
  for (const python of found) {
    it(`starts on ${python}, with its own build of rapidfuzz, and matches a reworded error`, async () => {
      const launch = serverLaunch(python, "useBundled", BUNDLED, cleanEnv);
      const probe = execFileSync(
        python,
        ["-c", "import sys, rapidfuzz.fuzz as f; print(f'{sys.version_info[0]}.{sys.version_info[1]}', f.ratio.__module__)"],
        { env: launch.env, encoding: "utf8" },
      ).trim();
      const [version, implementation] = probe.split(" ");
      assert.ok(SUPPORTED.includes(version), probe);
      // The compiled implementation, not the pure-Python fallback: the bundle has this
      // Python's build (for the platform it was made on).
      assert.match(implementation, /^rapidfuzz\.fuzz_cpp/, probe);

      const project = JSON.parse(read(path.join(LOGS, "manifest.json"))).project as string;
      const session = await startServer(python, BUNDLED, project, { jaxerr: { generatedRecords: false } }, { env: cleanEnv });
      try {
        assert.ok(REWORDED !== read(SCRIPT_LOG), "the log no longer has the words this test rewords");
        const answer = (await session.connection.sendRequest("workspace/executeCommand", {
          command: "jaxerr.ingestOutput",
          arguments: [{ text: REWORDED, cwd: project, source: "terminal" }],
        })) as { errors: number; files: string[] };
        assert.equal(answer.errors, 1, session.stderr());
        // Published before the command answers.
        const codes = [...session.diagnostics.values()].flat().map((diagnostic) => diagnostic.code);
        assert.ok(codes.includes("custom-vjp-bwd-args-mismatch"), JSON.stringify(codes));
        const record = (await session.connection.sendRequest("workspace/executeCommand", {
          command: "jaxerr.renderRecord",
          arguments: [{ code: "custom-vjp-bwd-args-mismatch" }],
        })) as string;
        assert.match(record, /^### `custom-vjp-bwd-args-mismatch`/);
        assert.deepEqual(session.messages, []);
      } finally {
        await session.close();
      }
    });
  }
});
