/** The Python extension's active environment, when that extension is installed. */

import * as vscode from "vscode";
import type { PythonEnvironment } from "./interpreter";

type PythonApi = import("@vscode/python-extension").PythonExtension;

let api: Promise<PythonApi | undefined> | undefined;

function pythonApi(): Promise<PythonApi | undefined> {
  if (api === undefined) {
    api = (async () => {
      if (vscode.extensions.getExtension("ms-python.python") === undefined) {
        return undefined;
      }
      try {
        const { PythonExtension } = await import("@vscode/python-extension");
        return await PythonExtension.api();
      } catch {
        return undefined; // disabled, or failed to activate: the other candidates serve
      }
    })();
  }
  return api;
}

/** The active environment for `resource`'s folder, or undefined. */
export async function activeEnvironment(
  resource: vscode.Uri | undefined,
): Promise<PythonEnvironment | undefined> {
  const python = await pythonApi();
  if (python === undefined) {
    return undefined;
  }
  const environment = await python.environments.resolveEnvironment(
    python.environments.getActiveEnvironmentPath(resource),
  );
  const executable = environment?.executable.uri?.fsPath;
  if (environment === undefined || executable === undefined) {
    return undefined;
  }
  const { major, minor } = environment.version ?? {};
  return {
    executable,
    version:
      typeof major === "number" && typeof minor === "number" ? { major, minor } : undefined,
  };
}

/** Calls `listener` when the Python extension's active environment changes. */
export async function onActiveEnvironmentChanged(
  listener: () => void,
): Promise<vscode.Disposable | undefined> {
  const python = await pythonApi();
  return python?.environments.onDidChangeActiveEnvironmentPath(() => listener());
}
