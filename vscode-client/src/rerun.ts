/** "Apply and re-run": the client command `jaxerr.rerun` a code action carries, and the command
 * line it types into the integrated terminal. */

/** The client's command (not the server's: the language client must not register it). */
export const RERUN = "jaxerr.rerun";

/** What to run again: the program's words, the folder to run it in and what it is. */
export interface Rerun {
  argv: string[];
  cwd: string;
  label: string;
}

/** The one argument of `jaxerr.rerun` ({argv, cwd, label}), checked; a message when it is not
 * one (nothing runs then). */
export function parseRerun(args: unknown[]): Rerun | string {
  const raw = args[0];
  if (args.length !== 1 || typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return 'jaxerr.rerun takes one object: {"argv": [...], "cwd": str, "label": str}';
  }
  const { argv, cwd, label } = raw as Record<string, unknown>;
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((word) => typeof word === "string" && word !== "")) {
    return "jaxerr.rerun: argv must be a non-empty list of non-empty strings";
  }
  if (typeof cwd !== "string" || !cwd) {
    return "jaxerr.rerun: cwd must be a folder";
  }
  if (argv.some((word) => word.includes("\n") || word.includes("\r")) || cwd.includes("\n")) {
    // A line break would end the typed command early and start another.
    return "jaxerr.rerun: argv and cwd must be single lines";
  }
  return { argv, cwd, label: typeof label === "string" && label ? label : argv.join(" ") };
}

/** One word for a POSIX shell (bash, zsh, fish read single quotes alike): as is when it holds
 * no character the shell would read, else single-quoted. */
export function quoteForShell(value: string): string {
  return /^[\w./:@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The command line that runs `argv` in a POSIX shell, each word as it is. */
export function commandLine(argv: readonly string[]): string {
  return argv.map(quoteForShell).join(" ");
}
