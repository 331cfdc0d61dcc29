/** The `jaxerr` configuration section split into what the server reads and what the client
 * itself uses. Mirrors jaxerr_ls/settings.py; the server reports keys it does not know. */

/** The server's settings (jaxerr_ls.settings.Settings), in the order it declares them. */
export const SERVER_SETTING_KEYS = [
  "logFiles",
  "enabledSources",
  "fuzzyThreshold",
  "recordPaths",
  "pytestReport",
  "pollInterval",
  "culpritDiagnostics",
  "pythonPath",
  "trustWorkspaceInterpreter",
  "generatedRecords",
  "maxOutputBytes",
  "lint",
] as const;

export type ServerSettingKey = (typeof SERVER_SETTING_KEYS)[number];

/** Client settings that decide how the server is started: a change needs a restart. */
export const RESTART_SETTING_KEYS = ["interpreter", "importStrategy"] as const;

export type ImportStrategy = "useBundled" | "fromEnvironment";

export interface ClientSettings {
  interpreter: string;
  importStrategy: ImportStrategy;
  autoAnalyze: boolean;
}

/** Anything with `get(key)`: a `WorkspaceConfiguration`, or a plain object in tests. */
export interface SettingsReader {
  get<T>(key: string): T | undefined;
}

export function plainReader(values: Record<string, unknown>): SettingsReader {
  return {
    get<T>(key: string): T | undefined {
      let current: unknown = values;
      for (const part of key.split(".")) {
        if (current === null || typeof current !== "object") {
          return undefined;
        }
        current = (current as Record<string, unknown>)[part];
      }
      return current as T | undefined;
    },
  };
}

/**
 * The server's settings from the `jaxerr` section: only its own keys (unset ones left out, so
 * the server's defaults apply), as JSON. Sent as `initializationOptions` and on every change,
 * under `jaxerr`, which the server reads either way. In a workspace VS Code does not trust,
 * `trustWorkspaceInterpreter` is sent as false whatever it is set to.
 */
export function serverSettings(
  section: SettingsReader,
  workspaceTrusted = true,
): { jaxerr: Record<string, unknown> } {
  const jaxerr: Record<string, unknown> = {};
  if (!workspaceTrusted) {
    jaxerr.trustWorkspaceInterpreter = false;
  }
  for (const key of SERVER_SETTING_KEYS) {
    if (!workspaceTrusted && key === "trustWorkspaceInterpreter") {
      continue;
    }
    const value = section.get<unknown>(key);
    if (value !== undefined && value !== null) {
      // Through JSON: a WorkspaceConfiguration's values are proxies the protocol cannot send.
      jaxerr[key] = JSON.parse(JSON.stringify(value));
    }
  }
  return { jaxerr };
}

/** The client's own settings, with their defaults. */
export function clientSettings(section: SettingsReader): ClientSettings {
  const strategy = section.get<string>("importStrategy");
  const auto = section.get<boolean>("terminal.autoAnalyze");
  return {
    interpreter: (section.get<string>("interpreter") ?? "").trim(),
    importStrategy: strategy === "fromEnvironment" ? "fromEnvironment" : "useBundled",
    autoAnalyze: auto !== false,
  };
}
