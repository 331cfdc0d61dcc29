/** Where a record is shown: the `jaxerr-record:` documents and the links that open them. */

export const RECORD_SCHEME = "jaxerr-record";
/** The client's command that shows a record beside the code (package.json). */
export const SHOW_RECORD = "jaxerr.showRecord";
/** The server's command that renders a record as Markdown (jaxerr_ls/server/records.py). */
export const RENDER_RECORD = "jaxerr.renderRecord";
/** The server's "Open documentation" code action command, which the client answers itself. */
export const OPEN_DOCS = "jaxerr.openDocs";

/** The path of a record's document: the preview's title is the file name. */
export function recordPath(code: string): string {
  return `/${code}.md`;
}

/** The record code a `jaxerr-record:` path names, or undefined. */
export function codeOfRecordPath(path: string): string | undefined {
  const found = /^\/([\w.-]+)\.md$/.exec(path);
  return found?.[1];
}

/** The code to show for `jaxerr.openDocs` arguments: `[link, code]` from this server, else
 * undefined (an older server's `[link]`, which then opens as before). */
export function codeOfOpenDocs(args: unknown[]): string | undefined {
  const code = args[1];
  return typeof code === "string" && /^[\w.-]+$/.test(code) ? code : undefined;
}
