import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { stripAnsi } from "../src/ansi";
import { failureMarker } from "../src/detect";
import { failingLogs, passingLogs, read, relative } from "./fixtures";

describe("failure detection on real output", () => {
  const failing = failingLogs();
  const passing = passingLogs();

  it("has the logs to test", () => {
    assert.ok(failing.length >= 50, `only ${failing.length} failing logs`);
    assert.ok(passing.length >= 3, `only ${passing.length} passing logs`);
  });

  for (const file of failing) {
    it(`finds the failure in ${relative(file)}`, () => {
      assert.ok(failureMarker(stripAnsi(read(file))) !== undefined);
    });
  }

  for (const file of passing) {
    it(`finds nothing in the passing run ${relative(file)}`, () => {
      assert.equal(failureMarker(stripAnsi(read(file))), undefined);
    });
  }

  it("finds nothing in the passing part of a verbose run", () => {
    // pytest -v lists PASSED tests before any failure is printed.
    const log = stripAnsi(read(failing.find((f) => f.endsWith("jax-0.12.0.1/pytest/tb-auto-color-v.log"))!));
    const passed = log
      .split("\n")
      .filter((line) => line.includes(" PASSED"))
      .join("\n");
    assert.ok(passed.includes("PASSED"));
    assert.equal(failureMarker(passed), undefined);
  });
});
