import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { codeOfOpenDocs, codeOfRecordPath, recordPath } from "../src/records";
import { Serial } from "../src/serial";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("Serial", () => {
  it("runs operations one at a time, in order, each after the previous settled", async () => {
    const serial = new Serial();
    const events: string[] = [];
    let running = 0;
    const operation = (name: string, fail = false) => async () => {
      running += 1;
      assert.equal(running, 1, `${name} overlapped another operation`);
      events.push(`start ${name}`);
      await tick();
      await tick();
      events.push(`end ${name}`);
      running -= 1;
      if (fail) {
        throw new Error(name);
      }
      return name;
    };
    const results = [
      serial.run(operation("stop")),
      serial.run(operation("start", true)),
      serial.run(operation("restart")),
    ];
    assert.ok(serial.busy);
    const settled = await Promise.allSettled(results);
    assert.deepEqual(
      settled.map((result) => result.status),
      ["fulfilled", "rejected", "fulfilled"],
    );
    assert.deepEqual(events, ["start stop", "end stop", "start start", "end start", "start restart", "end restart"]);
    await serial.idle();
    assert.ok(!serial.busy);
  });
});

describe("record documents", () => {
  it("name a record by its code, and nothing else", () => {
    assert.equal(codeOfRecordPath(recordPath("custom-vjp-bwd-args-mismatch")), "custom-vjp-bwd-args-mismatch");
    assert.equal(codeOfRecordPath("/../etc/passwd.md"), undefined);
    assert.equal(codeOfRecordPath("/a/b.md"), undefined);
  });

  it("take the code of the server's Open documentation action, not its link", () => {
    assert.equal(codeOfOpenDocs(["https://github.com/jax-ml/jax/blob/x", "grad-int-input"]), "grad-int-input");
    assert.equal(codeOfOpenDocs(["https://github.com/jax-ml/jax/blob/x"]), undefined);
    assert.equal(codeOfOpenDocs(["https://x", "not a code"]), undefined);
  });
});
