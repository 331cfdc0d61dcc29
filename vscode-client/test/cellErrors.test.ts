import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, it } from "node:test";
import { type CellLike, CellErrorTracker, cellError, ERROR_MIME, type OutputItemLike } from "../src/cellErrors";
import { REPO_ROOT } from "./fixtures";

// A notebook a real kernel executed (tests/fixtures/notebooks/capture_ipython.py).
const NOTEBOOK = path.join(REPO_ROOT, "tests", "fixtures", "notebooks", "analysis-context.ipynb");

interface SavedOutput {
  output_type: string;
  ename?: string;
  evalue?: string;
  traceback?: string[];
  text?: string[];
}
interface SavedCell {
  cell_type: string;
  execution_count?: number | null;
  source: string[];
  outputs?: SavedOutput[];
}

const encode = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));

/** An output as VS Code's ipynb support opens it: an error output becomes one item of the error
 * mime holding {name, message, stack}, the traceback's entries joined by newlines. */
function outputItems(output: SavedOutput): OutputItemLike[] {
  if (output.output_type === "error") {
    return [
      {
        mime: ERROR_MIME,
        data: encode({ name: output.ename, message: output.evalue, stack: (output.traceback ?? []).join("\n") }),
      },
    ];
  }
  return [{ mime: "application/vnd.code.notebook.stdout", data: encode((output.text ?? []).join("")) }];
}

function savedCells(): { cells: CellLike[]; saved: SavedCell[] } {
  const saved: SavedCell[] = JSON.parse(fs.readFileSync(NOTEBOOK, "utf8")).cells;
  const cells = saved.map((cell, index) => ({
    uri: `vscode-notebook-cell:${NOTEBOOK}#cell${index}`,
    kind: cell.cell_type === "code" ? ("code" as const) : ("markdown" as const),
    executionCount: cell.execution_count ?? undefined,
    text: () => cell.source.join(""),
    outputs: (cell.outputs ?? []).map(outputItems),
  }));
  return { cells, saved };
}

describe("a cell's error output", () => {
  it("is read as VS Code holds it, and only an error output is", () => {
    const { cells, saved } = savedCells();
    let errors = 0;
    cells.forEach((cell, index) => {
      const raw = saved[index].outputs?.find((output) => output.output_type === "error");
      const found = cellError(cell.outputs);
      if (raw === undefined) {
        assert.equal(found, undefined);
        return;
      }
      errors += 1;
      assert.deepEqual(found, { name: raw.ename, message: raw.evalue, stack: raw.traceback?.join("\n") });
      assert.match(found?.stack ?? "", /Traceback \(most recent call last\)/);
    });
    assert.equal(errors, 3);
  });

  it("that is not the JSON of an error is skipped", () => {
    const bad = [
      [{ mime: ERROR_MIME, data: new TextEncoder().encode("{not json") }],
      [{ mime: ERROR_MIME, data: encode(["a list"]) }],
      [{ mime: ERROR_MIME, data: encode({ name: 3, message: "m" }) }],
    ];
    assert.equal(cellError(bad), undefined);
    // No stack: the name and message still say what the error is.
    assert.deepEqual(cellError([[{ mime: ERROR_MIME, data: encode({ name: "E", message: "m" }) }]]), {
      name: "E",
      message: "m",
      stack: "",
    });
  });
});

describe("the cell error tracker", () => {
  const notebook = `file://${NOTEBOOK}`;

  it("sends each error output once, with every cell's source, and again when its cell runs again", () => {
    const { cells } = savedCells();
    const tracker = new CellErrorTracker();
    const first = tracker.update(notebook, cells);
    assert.deepEqual(
      first.send.map((request) => request.index),
      cells.flatMap((cell, index) => (cellError(cell.outputs) ? [index] : [])),
    );
    for (const request of first.send) {
      assert.equal(request.cell, cells[request.index].uri);
      assert.equal(request.notebook, notebook);
      assert.deepEqual(
        request.cells.map((cell) => cell.source),
        cells.map((cell) => (cell.kind === "code" ? cell.text() : "")),
      );
      assert.equal(request.cells[request.index].executionCount, cells[request.index].executionCount);
    }
    assert.deepEqual(first.clear, []);
    // Nothing changed: nothing to say.
    assert.deepEqual(tracker.update(notebook, cells), { send: [], clear: [] });
    // The cell ran again and failed again: its new execution count makes it news.
    const rerun = first.send[0].index;
    const again = cells.map((cell, index) =>
      index === rerun ? { ...cell, executionCount: (cell.executionCount ?? 0) + 10 } : cell,
    );
    const second = tracker.update(notebook, again);
    assert.deepEqual(
      second.send.map((request) => request.index),
      [rerun],
    );
    assert.equal(second.send[0].cells[rerun].executionCount, (cells[rerun].executionCount ?? 0) + 10);
  });

  it("clears a cell whose error output went, and all of a closed notebook's", () => {
    const { cells } = savedCells();
    const tracker = new CellErrorTracker();
    const { send } = tracker.update(notebook, cells);
    const fixed = send[1].index;
    const now = cells.map((cell, index) => (index === fixed ? { ...cell, outputs: [] } : cell));
    assert.deepEqual(tracker.update(notebook, now), { send: [], clear: [cells[fixed].uri] });
    assert.deepEqual(
      tracker.forget(notebook).sort(),
      send
        .map((request) => request.cell)
        .filter((uri) => uri !== cells[fixed].uri)
        .sort(),
    );
    // A new server is sent everything again.
    tracker.reset();
    assert.equal(tracker.update(notebook, cells).send.length, send.length);
  });
});
