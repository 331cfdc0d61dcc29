/** Watches the notebooks open in VS Code and sends their cells' error outputs to the server, which
 * shows each on the cell line its traceback points to; an output that goes clears it. */

import * as vscode from "vscode";
import { CLEAR_CELL_ERROR, type CellLike, CellErrorTracker, INGEST_CELL_ERROR } from "./cellErrors";
import type { JaxErrServer } from "./server";

function cellLike(cell: vscode.NotebookCell): CellLike {
  return {
    uri: cell.document.uri.toString(),
    kind: cell.kind === vscode.NotebookCellKind.Code ? "code" : "markdown",
    executionCount: cell.executionSummary?.executionOrder,
    text: () => cell.document.getText(),
    outputs: cell.outputs.map((output) => output.items),
  };
}

export class NotebookErrorWatcher implements vscode.Disposable {
  private readonly tracker = new CellErrorTracker();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly server: JaxErrServer,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.subscriptions = [
      vscode.workspace.onDidOpenNotebookDocument((notebook) => this.check(notebook)),
      vscode.workspace.onDidChangeNotebookDocument((event) => {
        // A cell run changes its outputs (and execution summary); a cell added or removed
        // changes the indices of the others.
        const outputs = event.cellChanges.some((change) => change.outputs !== undefined);
        const ran = event.cellChanges.some((change) => change.executionSummary !== undefined);
        if (outputs || ran || event.contentChanges.length > 0) {
          this.check(event.notebook);
        }
      }),
      vscode.workspace.onDidCloseNotebookDocument((notebook) => {
        for (const cell of this.tracker.forget(notebook.uri.toString())) {
          void this.send(CLEAR_CELL_ERROR, { cell });
        }
      }),
      // A server (re)started knows nothing of the notebooks: they are sent again.
      server.onDidChangeState((state) => {
        if (state === "running") {
          this.tracker.reset();
          this.checkAll();
        }
      }),
    ];
    if (server.running) {
      this.checkAll();
    }
  }

  private checkAll(): void {
    for (const notebook of vscode.workspace.notebookDocuments) {
      this.check(notebook);
    }
  }

  private check(notebook: vscode.NotebookDocument): void {
    if (!this.server.running) {
      return;
    }
    const { send, clear } = this.tracker.update(notebook.uri.toString(), notebook.getCells().map(cellLike));
    for (const cell of clear) {
      void this.send(CLEAR_CELL_ERROR, { cell });
    }
    for (const request of send) {
      this.log.info(`notebook ${notebook.uri.fsPath}: cell ${request.index + 1} has a ${request.name}`);
      void this.send(INGEST_CELL_ERROR, request);
    }
  }

  private async send(command: string, argument: object): Promise<void> {
    try {
      await this.server.executeCommand(command, argument);
    } catch (error) {
      this.log.warn(`${command}: ${String(error)}`);
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }
}
