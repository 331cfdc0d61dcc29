import assert from "node:assert/strict";
import * as path from "node:path";
import { describe, it } from "node:test";
import { applyCarriageReturns, splitUnfinishedEscape, stripAnsi, terminalText } from "../src/ansi";
import { failingLogs, LOGS, passingLogs, read, relative } from "./fixtures";

const coloured = [...failingLogs(), ...passingLogs()].filter((file) => read(file).includes("\x1b"));

describe("stripAnsi on real coloured output", () => {
  it("has coloured logs to test", () => {
    // Coloured pytest runs and coloured Python 3.13 tracebacks, whatever their number.
    assert.ok(coloured.some((file) => /pytest.*color/.test(path.basename(file))), "no coloured pytest log");
    assert.ok(coloured.some((file) => /^py3\d+-color-/.test(path.basename(file))), "no coloured traceback");
  });

  for (const file of coloured) {
    it(`leaves no escape in ${relative(file)}`, () => {
      const text = stripAnsi(read(file));
      assert.ok(!text.includes("\x1b"), "an ESC is left");
      // "[31m" or a bare "[m" left by a half-stripped code (not a "[missing-import]" in code).
      assert.ok(!/\[[0-9][0-9;]*m|\[m(?![a-z-])/.test(text), "a colour code is left without its ESC");
    });
  }

  for (const name of ["chained", "deep_value_error", "exception_group"]) {
    it(`gives Python 3.13's coloured ${name} traceback exactly as the uncoloured run`, () => {
      const colour = read(path.join(LOGS, "generic", `py313-color-${name}.log`));
      const plain = read(path.join(LOGS, "generic", `py313-${name}.log`));
      assert.equal(stripAnsi(colour), plain);
    });
  }

  it("keeps uncoloured logs as they are", () => {
    for (const file of failingLogs().filter((f) => !coloured.includes(f))) {
      const text = read(file);
      assert.equal(stripAnsi(text), text.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, ""), relative(file));
    }
  });
});

describe("terminal control sequences", () => {
  it("removes shell integration marks (OSC 633) and title sequences", () => {
    const raw = "\x1b]633;A\x07$ \x1b]633;B\x07pytest\r\n\x1b]633;C\x07\x1b]0;title\x1b\\FAILED x\r\n\x1b]633;D;1\x07";
    assert.equal(terminalText(raw), "$ pytest\nFAILED x\n");
  });

  it("applies a progress bar's carriage returns", () => {
    assert.equal(applyCarriageReturns(" 10%\r 50%\r100%\nnext\r\n"), "100%\nnext\n");
  });

  it("holds back an escape sequence cut at a chunk's end", () => {
    assert.deepEqual(splitUnfinishedEscape("red \x1b[3"), ["red ", "\x1b[3"]);
    assert.deepEqual(splitUnfinishedEscape("title \x1b]0;ab"), ["title ", "\x1b]0;ab"]);
    assert.deepEqual(splitUnfinishedEscape("done \x1b[31m"), ["done \x1b[31m", ""]);
    assert.deepEqual(splitUnfinishedEscape("plain"), ["plain", ""]);
  });
});
