import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, it } from "node:test";
import { clientSettings, plainReader, SERVER_SETTING_KEYS, serverSettings } from "../src/settings";
import { CLIENT_ROOT, read, REPO_ROOT } from "./fixtures";

const manifest = JSON.parse(read(path.join(CLIENT_ROOT, "package.json")));
const contributed: Record<string, { default: unknown; scope?: string; markdownDescription?: string; description?: string }> =
  manifest.contributes.configuration.properties;
const CLIENT_KEYS = ["interpreter", "importStrategy", "terminal.autoAnalyze"];

describe("package.json mirrors the server's settings", () => {
  it("declares each server setting and the client's own, nothing else", () => {
    const declared = Object.keys(contributed).map((key) => key.replace(/^jaxerr\./, ""));
    assert.deepEqual(declared.sort(), [...SERVER_SETTING_KEYS, ...CLIENT_KEYS].sort());
  });

  it("lists the keys jaxerr_ls/settings.py reads", () => {
    const source = read(path.join(REPO_ROOT, "jaxerr_ls", "settings.py"));
    const keys = [...source.matchAll(/"key": "(\w+)"/g)].map((match) => match[1]);
    assert.deepEqual(keys, [...SERVER_SETTING_KEYS]);
  });

  const python = path.join(REPO_ROOT, ".venv", "bin", "python");
  it("has the server's defaults (asks the server's Python)", { skip: !fs.existsSync(python) && "no .venv" }, () => {
    const schema = JSON.parse(
      execFileSync(python, ["-c", "import json; from jaxerr_ls.settings import settings_schema; print(json.dumps(settings_schema()))"], {
        cwd: REPO_ROOT,
        encoding: "utf8",
      }),
    );
    for (const key of SERVER_SETTING_KEYS) {
      assert.deepEqual(contributed[`jaxerr.${key}`].default, schema[key], key);
    }
  });

  it("describes and scopes every setting", () => {
    for (const [key, setting] of Object.entries(contributed)) {
      assert.ok(setting.markdownDescription || setting.description, `${key} has no description`);
      assert.ok(setting.scope, `${key} has no scope`);
    }
  });
});

describe("settings to initializationOptions", () => {
  it("sends only the server's keys, under jaxerr, false and 0 included", () => {
    const section = plainReader({
      interpreter: "/usr/bin/python3",
      importStrategy: "fromEnvironment",
      terminal: { autoAnalyze: false },
      culpritDiagnostics: false,
      fuzzyThreshold: 0,
      logFiles: ["logs/*.log"],
      pythonPath: "",
    });
    assert.deepEqual(serverSettings(section), {
      jaxerr: { culpritDiagnostics: false, fuzzyThreshold: 0, logFiles: ["logs/*.log"], pythonPath: "" },
    });
  });

  it("sends every contributed default as is", () => {
    const defaults: Record<string, unknown> = {};
    for (const [key, setting] of Object.entries(contributed)) {
      defaults[key.replace(/^jaxerr\./, "")] = setting.default;
    }
    const sent = serverSettings(plainReader(defaults)).jaxerr;
    assert.deepEqual(Object.keys(sent), [...SERVER_SETTING_KEYS]);
  });

  it("never sends trustWorkspaceInterpreter on in a workspace VS Code does not trust", () => {
    const section = plainReader({ trustWorkspaceInterpreter: true, pythonPath: "" });
    assert.equal(serverSettings(section).jaxerr.trustWorkspaceInterpreter, true);
    assert.equal(serverSettings(section, false).jaxerr.trustWorkspaceInterpreter, false);
    assert.equal(serverSettings(plainReader({}), false).jaxerr.trustWorkspaceInterpreter, false);
  });

  it("reads the client's settings with their defaults", () => {
    assert.deepEqual(clientSettings(plainReader({})), {
      interpreter: "",
      importStrategy: "useBundled",
      autoAnalyze: true,
    });
    assert.deepEqual(
      clientSettings(plainReader({ interpreter: " ~/py ", importStrategy: "fromEnvironment", terminal: { autoAnalyze: false } })),
      { interpreter: "~/py", importStrategy: "fromEnvironment", autoAnalyze: false },
    );
  });
});
