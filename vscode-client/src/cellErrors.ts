/** Notebook cells' error outputs: read from the outputs VS Code holds, and what the server must be
 * sent (or told to clear) when they change. No VS Code API here: notebooks.ts feeds it. */

/** The mime type of an error output (a JSON `{name, message, stack}`). */
export const ERROR_MIME = "application/vnd.code.notebook.error";
/** The server's commands (jaxerr_ls/server/notebooks.py). */
export const INGEST_CELL_ERROR = "jaxerr.ingestCellError";
export const CLEAR_CELL_ERROR = "jaxerr.clearCellError";

export interface OutputItemLike {
  readonly mime: string;
  readonly data: Uint8Array;
}

/** A notebook cell as far as its errors go. */
export interface CellLike {
  readonly uri: string;
  readonly kind: "code" | "markdown";
  readonly executionCount: number | undefined;
  readonly text: () => string;
  readonly outputs: readonly (readonly OutputItemLike[])[];
}

export interface CellError {
  name: string;
  message: string;
  stack: string;
}

/** The argument of `jaxerr.ingestCellError`. */
export interface CellErrorRequest extends CellError {
  notebook: string;
  cell: string;
  index: number;
  cells: { uri: string; kind: string; executionCount: number | null; source: string }[];
}

const decoder = new TextDecoder();

/** The first error output among a cell's outputs; undefined when there is none (or it is not
 * the JSON an error output holds). */
export function cellError(outputs: readonly (readonly OutputItemLike[])[]): CellError | undefined {
  for (const items of outputs) {
    for (const item of items) {
      if (item.mime !== ERROR_MIME) {
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(decoder.decode(item.data));
      } catch {
        continue;
      }
      if (typeof value !== "object" || value === null) {
        continue;
      }
      const { name, message, stack } = value as Record<string, unknown>;
      if (typeof name !== "string" || typeof message !== "string") {
        continue;
      }
      return { name, message, stack: typeof stack === "string" ? stack : "" };
    }
  }
  return undefined;
}

/** What the server is told about a notebook whose cells are as given: the error outputs it has
 * not been sent yet (new, or changed since: the cell ran again), and the cells whose error output
 * it was sent and that have none now. */
export class CellErrorTracker {
  // Cell uri -> what was sent for it (its execution count and error), by notebook.
  private readonly sent = new Map<string, Map<string, string>>();

  update(notebook: string, cells: readonly CellLike[]): { send: CellErrorRequest[]; clear: string[] } {
    const before = this.sent.get(notebook) ?? new Map<string, string>();
    const now = new Map<string, string>();
    const send: CellErrorRequest[] = [];
    let described: CellErrorRequest["cells"] | undefined;
    cells.forEach((cell, index) => {
      const error = cell.kind === "code" ? cellError(cell.outputs) : undefined;
      if (error === undefined) {
        return;
      }
      const key = JSON.stringify([cell.executionCount ?? null, error]);
      now.set(cell.uri, key);
      if (before.get(cell.uri) === key) {
        return;
      }
      // Every cell's source goes along: a frame may point into another cell (a function
      // defined there).
      described ??= cells.map((each) => ({
        uri: each.uri,
        kind: each.kind,
        executionCount: each.executionCount ?? null,
        source: each.kind === "code" ? each.text() : "",
      }));
      send.push({ notebook, cell: cell.uri, index, ...error, cells: described });
    });
    const clear = [...before.keys()].filter((uri) => !now.has(uri));
    if (now.size > 0) {
      this.sent.set(notebook, now);
    } else {
      this.sent.delete(notebook);
    }
    return { send, clear };
  }

  /** The notebook closed: the cells whose errors the server shows. */
  forget(notebook: string): string[] {
    const cells = [...(this.sent.get(notebook)?.keys() ?? [])];
    this.sent.delete(notebook);
    return cells;
  }

  /** A new server knows nothing: everything is to be sent again. */
  reset(): void {
    this.sent.clear();
  }
}
