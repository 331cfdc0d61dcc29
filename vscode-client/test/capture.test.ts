import assert from "node:assert/strict";
import * as path from "node:path";
import { describe, it } from "node:test";
import { terminalText } from "../src/ansi";
import { captureStream, DEFAULT_CAPTURE_LIMIT, OutputCapture } from "../src/capture";
import { hasFailure } from "../src/detect";
import { failingLogs, LOGS, read, relative } from "./fixtures";

/** A log as VS Code's `execution.read()` gives it: CRLF line ends, shell integration marks
 * around it, cut into chunks of the given sizes. */
function* asTerminalStream(text: string, sizes: number[]): Generator<string> {
  const raw = `\x1b]633;C\x07${text.replace(/\r?\n/g, "\r\n")}\x1b]633;D;1\x07`;
  let at = 0;
  for (let i = 0; at < raw.length; i++) {
    const size = sizes[i % sizes.length];
    yield raw.slice(at, at + size);
    at += size;
  }
}

async function* asAsync(chunks: Iterable<string>): AsyncGenerator<string> {
  for (const chunk of chunks) {
    yield chunk;
  }
}

const COLOURED = path.join(LOGS, "jax-0.12.0.1", "pytest", "tb-auto-color-v.log");

describe("OutputCapture on real output", () => {
  for (const sizes of [[1], [3, 5, 7], [64], [4096], [1 << 20]]) {
    it(`reads a coloured pytest log streamed in chunks of ${sizes.join("/")} as the whole`, async () => {
      const log = read(COLOURED);
      const capture = await captureStream(asAsync(asTerminalStream(log, sizes)));
      assert.equal(capture.text(), terminalText(log));
      assert.ok(!capture.text().includes("\x1b"));
      assert.equal(capture.truncated, false);
    });
  }

  it("gives every real log back as its plain text, through a terminal stream", () => {
    for (const file of failingLogs()) {
      const log = read(file);
      const capture = new OutputCapture();
      for (const chunk of asTerminalStream(log, [1000, 17, 333])) {
        capture.append(chunk);
      }
      assert.equal(capture.text(), terminalText(log), relative(file));
      assert.ok(hasFailure(capture.text()), relative(file));
    }
  });
});

describe("the cap keeps the end", () => {
  it("keeps the last lines of a long run, from a line start, with the failures", () => {
    const log = read(COLOURED);
    const plain = terminalText(log);
    // Room for the whole last run, whatever the log's size; the stream is five times more.
    const limit = Math.max(64 * 1024, 2 * plain.length);
    const capture = new OutputCapture(limit);
    let copies = 0;
    while (copies * plain.length < limit * 5) {
      for (const chunk of asTerminalStream(log, [4096])) {
        capture.append(chunk);
      }
      copies++;
    }
    const text = capture.text();
    assert.ok(capture.truncated);
    assert.ok(text.length <= limit, `${text.length} > ${limit}`);
    assert.ok(text.endsWith(plain), "the last run is not whole");
    assert.ok(plain.split("\n").includes(text.split("\n")[0]), "does not start at a line");
    assert.ok(hasFailure(text));
  });

  it("holds 8 MB of a 40 MB stream, fast", () => {
    const log = read(path.join(LOGS, "jax-0.12.0.1", "pytest", "tb-long-color-v.log"));
    const plain = terminalText(log);
    const capture = new OutputCapture();
    const started = Date.now();
    let fed = 0;
    while (fed < 40 * 1024 * 1024) {
      for (const chunk of asTerminalStream(log, [8192])) {
        capture.append(chunk);
        fed += chunk.length;
      }
    }
    const text = capture.text();
    const seconds = (Date.now() - started) / 1000;
    assert.ok(text.length <= DEFAULT_CAPTURE_LIMIT);
    assert.ok(text.length > DEFAULT_CAPTURE_LIMIT - plain.length);
    assert.ok(text.endsWith(plain));
    assert.ok(seconds < 20, `took ${seconds}s`);
  });

  it("refuses a cap that is not positive", () => {
    assert.throws(() => new OutputCapture(0), RangeError);
  });
});
