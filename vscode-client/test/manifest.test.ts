import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, it } from "node:test";
import { CLIENT_ROOT, read } from "./fixtures";

const manifest = JSON.parse(read(path.join(CLIENT_ROOT, "package.json")));
const extensionSource = read(path.join(CLIENT_ROOT, "src", "extension.ts"));

describe("package.json", () => {
  const contributed: { command: string; title: string; category: string }[] = manifest.contributes.commands;

  it("contributes the seven commands, titled as the palette shows them", () => {
    assert.deepEqual(
      contributed.map((command) => `${command.category}: ${command.title}`),
      [
        "JAX Errors: Analyze Last Terminal Output",
        "JAX Errors: Analyze Selection or Clipboard",
        "JAX Errors: Run pytest with JAX Diagnostics",
        "JAX Errors: Clear Diagnostics",
        "JAX Errors: Show Record",
        "JAX Errors: Explain Selected Error Text",
        "JAX Errors: Restart Server",
      ],
    );
  });

  it("registers each contributed command and activates on it", () => {
    const block = extensionSource.slice(extensionSource.indexOf("const COMMANDS = {"));
    const registered = [...block.slice(0, block.indexOf("}")).matchAll(/"(jaxerr\.\w+)"/g)].map((m) => m[1]);
    assert.deepEqual(registered.sort(), contributed.map((command) => command.command).sort());
    for (const { command } of contributed) {
      assert.ok(manifest.activationEvents.includes(`onCommand:${command}`), command);
    }
    assert.ok(manifest.activationEvents.includes("onLanguage:python"));
  });

  it("does not take the server's command ids, which the language client registers", () => {
    const serverCommands = [
      "jaxerr.ingestOutput",
      "jaxerr.clearDiagnostics",
      "jaxerr.openDocs",
      "jaxerr.renderRecord",
      "jaxerr.showFix",
      "jaxerr.explainText",
    ];
    for (const id of serverCommands) {
      assert.ok(!contributed.some((command) => command.command === id), id);
    }
  });

  it("keeps jaxerr.rerun out of the palette: it runs what a code action carries", () => {
    assert.ok(!contributed.some((command) => command.command === "jaxerr.rerun"));
    assert.match(extensionSource, /registerCommand\(RERUN,/);
  });

  it("offers Explain Selected Error Text on an editor's selection", () => {
    assert.deepEqual(manifest.contributes.menus["editor/context"], [
      { command: "jaxerr.explainSelection", when: "editorHasSelection", group: "jaxerr@1" },
    ]);
  });

  it("has what the marketplace and vsce need", () => {
    assert.equal(manifest.engines.vscode, "^1.93.0");
    assert.equal(manifest.main, "./dist/extension.js");
    assert.equal(manifest.license, "Apache-2.0");
    for (const file of [manifest.icon, "README.md", "CHANGELOG.md", "LICENSE"]) {
      assert.ok(fs.existsSync(path.join(CLIENT_ROOT, file)), file);
    }
    const icon = fs.readFileSync(path.join(CLIENT_ROOT, manifest.icon));
    assert.equal(icon.subarray(1, 4).toString(), "PNG");
    assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128]);
  });
});
