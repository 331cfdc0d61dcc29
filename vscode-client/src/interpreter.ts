/** Which Python runs the server, and with what environment: decided from plain values, so it
 * can be tested without VS Code. */

import * as os from "node:os";
import * as path from "node:path";
import type { ImportStrategy } from "./settings";

/** The oldest Python jaxerr-ls runs on (pyproject.toml's requires-python). */
export const MINIMUM_PYTHON: readonly [number, number] = [3, 10];

export interface PythonEnvironment {
  /** The interpreter's path. */
  executable: string;
  /** Its version, when the Python extension knows it. */
  version?: { major: number; minor: number };
}

export interface InterpreterChoice {
  python: string;
  /** Where it came from, for the log. */
  from: "setting" | "python extension" | "default";
  /** Why a candidate was passed over, if one was. */
  warning?: string;
}

/** Expands `~` and `${workspaceFolder}` / `${userHome}` in a path setting. */
export function expandPath(value: string, workspaceFolder?: string): string {
  let expanded = value.trim();
  expanded = expanded.replace(/\$\{userHome\}/g, os.homedir());
  if (workspaceFolder !== undefined) {
    expanded = expanded.replace(/\$\{workspaceFolder\}/g, workspaceFolder);
  }
  if (expanded === "~" || expanded.startsWith("~/")) {
    expanded = path.join(os.homedir(), expanded.slice(1));
  }
  if (workspaceFolder !== undefined && expanded && !path.isAbsolute(expanded) && expanded.includes("/")) {
    expanded = path.resolve(workspaceFolder, expanded);
  }
  return expanded;
}

function tooOld(environment: PythonEnvironment): boolean {
  const version = environment.version;
  if (version === undefined) {
    return false;
  }
  const [major, minor] = MINIMUM_PYTHON;
  return version.major < major || (version.major === major && version.minor < minor);
}

/**
 * `jaxerr.interpreter` when set, else the Python extension's active environment (when it is
 * installed and the environment is new enough), else `python3`.
 */
export function chooseInterpreter(
  setting: string,
  active: PythonEnvironment | undefined,
  workspaceFolder?: string,
): InterpreterChoice {
  if (setting.trim()) {
    return { python: expandPath(setting, workspaceFolder), from: "setting" };
  }
  if (active !== undefined && active.executable) {
    if (!tooOld(active)) {
      return { python: active.executable, from: "python extension" };
    }
    const { major, minor } = active.version!;
    return {
      python: "python3",
      from: "default",
      warning:
        `the selected Python ${active.executable} is ${major}.${minor}; jaxerr-ls needs ` +
        `${MINIMUM_PYTHON.join(".")} or newer, so python3 is used`,
    };
  }
  return { python: "python3", from: "default" };
}

export interface ServerLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * How to start the server: `python -m jaxerr_ls serve`, with the bundled copy first on
 * PYTHONPATH when `useBundled` and the bundle exists (a development checkout has none).
 */
export function serverLaunch(
  python: string,
  strategy: ImportStrategy,
  bundledLibs: string | undefined,
  baseEnv: Record<string, string | undefined>,
): ServerLaunch {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(baseEnv)) {
    if (value !== undefined) {
      env[key] = value;
    }
  }
  if (strategy === "useBundled" && bundledLibs !== undefined) {
    env.PYTHONPATH = env.PYTHONPATH ? `${bundledLibs}${path.delimiter}${env.PYTHONPATH}` : bundledLibs;
  }
  // The server's log and tracebacks reach the output channel as they happen.
  env.PYTHONUNBUFFERED = "1";
  return { command: python, args: ["-m", "jaxerr_ls", "serve"], env };
}
