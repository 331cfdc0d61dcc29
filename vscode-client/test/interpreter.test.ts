import assert from "node:assert/strict";
import * as os from "node:os";
import * as path from "node:path";
import { describe, it } from "node:test";
import { chooseInterpreter, expandPath, serverLaunch } from "../src/interpreter";

describe("choosing the interpreter", () => {
  const venv = { executable: "/proj/.venv/bin/python", version: { major: 3, minor: 12 } };

  it("takes jaxerr.interpreter first", () => {
    assert.deepEqual(chooseInterpreter("/opt/py/bin/python3", venv), { python: "/opt/py/bin/python3", from: "setting" });
  });

  it("takes the Python extension's environment next", () => {
    assert.deepEqual(chooseInterpreter("", venv), { python: venv.executable, from: "python extension" });
    assert.deepEqual(chooseInterpreter("", { executable: "/x/python" }), { python: "/x/python", from: "python extension" });
  });

  it("passes over a Python older than 3.10, saying why", () => {
    const choice = chooseInterpreter("", { executable: "/old/python", version: { major: 3, minor: 8 } });
    assert.equal(choice.python, "python3");
    assert.match(choice.warning ?? "", /3\.8.*3\.10/);
  });

  it("falls back to python3 without the Python extension", () => {
    assert.deepEqual(chooseInterpreter("  ", undefined), { python: "python3", from: "default" });
  });

  it("expands ~, ${userHome} and ${workspaceFolder}", () => {
    assert.equal(expandPath("~/venv/bin/python"), path.join(os.homedir(), "venv/bin/python"));
    assert.equal(expandPath("${userHome}/p"), `${os.homedir()}/p`);
    assert.equal(expandPath("${workspaceFolder}/.venv/bin/python", "/w"), "/w/.venv/bin/python");
    assert.equal(expandPath(".venv/bin/python", "/w"), "/w/.venv/bin/python");
    assert.equal(expandPath("python3.12", "/w"), "python3.12");
  });
});

describe("the server's command line", () => {
  it("runs the module with the bundled copy first on PYTHONPATH", () => {
    const launch = serverLaunch("/p/python", "useBundled", "/ext/bundled/libs", { PYTHONPATH: "/mine", HOME: "/h", UNSET: undefined });
    assert.equal(launch.command, "/p/python");
    assert.deepEqual(launch.args, ["-m", "jaxerr_ls", "serve"]);
    assert.equal(launch.env.PYTHONPATH, `/ext/bundled/libs${path.delimiter}/mine`);
    assert.equal(launch.env.HOME, "/h");
    assert.ok(!("UNSET" in launch.env));
  });

  it("leaves PYTHONPATH alone from the environment, or without a bundle", () => {
    assert.equal(serverLaunch("python3", "fromEnvironment", "/ext/bundled/libs", {}).env.PYTHONPATH, undefined);
    assert.equal(serverLaunch("python3", "useBundled", undefined, { PYTHONPATH: "/mine" }).env.PYTHONPATH, "/mine");
  });
});
