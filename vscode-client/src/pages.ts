/** Markdown the server answers with, shown beside the code: a fix to copy from
 * (`jaxerr.showFix`) and the record that explains a selected error text (`jaxerr.explainText`). */

/** The server's command behind "Show the fix for <code>" (jaxerr_ls/server). */
export const SHOW_FIX = "jaxerr.showFix";
/** The server's command that finds the record of an error text (jaxerr_ls/server). */
export const EXPLAIN_TEXT = "jaxerr.explainText";
/** The scheme of the documents these previews show. */
export const PAGE_SCHEME = "jaxerr-page";

/** One page to show: its document's path (the preview's title is the file name) and text. */
export interface Page {
  path: string;
  markdown: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A file name for a page: the code's letters kept, anything else made a dash. */
function fileName(prefix: string, code: string): string {
  const safe = code.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "error";
  return `/${prefix}${safe}.md`;
}

/** The page's text: the server's Markdown under its title, unless it opens with a heading. */
function withTitle(title: string, markdown: string): string {
  const body = markdown.trimEnd() + "\n";
  return /^\s*#/.test(markdown) || !title ? body : `# ${title}\n\n${body}`;
}

/** The page of a `jaxerr.showFix` answer ({title, markdown}) for `code`, or an error message. */
export function fixPage(code: string, answer: unknown): Page | string {
  if (!isObject(answer) || typeof answer.markdown !== "string" || !answer.markdown.trim()) {
    return `the server sent no fix to show for ${code}`;
  }
  const title = typeof answer.title === "string" ? answer.title : `The fix for ${code}`;
  return { path: fileName("fix-", code), markdown: withTitle(title, answer.markdown) };
}

/** The code a `jaxerr.showFix` argument names ({code, uri, line}), for the page's name. */
export function codeOfShowFix(args: unknown[]): string {
  const first = args[0];
  return isObject(first) && typeof first.code === "string" && first.code ? first.code : "error";
}

/** What "Explain Selected Error Text" shows for a `jaxerr.explainText` answer: the record's page
 * ({code, title, score, markdown}), or undefined when no record matches (null). */
export function explainPage(answer: unknown): Page | undefined | string {
  if (answer === null || answer === undefined) {
    return undefined;
  }
  if (!isObject(answer) || typeof answer.markdown !== "string" || typeof answer.code !== "string") {
    return "the server's answer is not a record";
  }
  const title = typeof answer.title === "string" ? answer.title : answer.code;
  const score = typeof answer.score === "number" && Number.isFinite(answer.score) ? answer.score : undefined;
  const markdown = withTitle(title, answer.markdown);
  const matched = score === undefined ? "" : `\n---\n\nMatched with score ${score.toFixed(2)}.\n`;
  return { path: fileName("explain-", answer.code), markdown: markdown + matched };
}

/** The pages shown so far, by path; a page shown again replaces its text. */
export class Pages {
  private readonly texts = new Map<string, string>();

  set(page: Page): void {
    this.texts.set(page.path, page.markdown);
  }

  get(path: string): string | undefined {
    return this.texts.get(path);
  }
}
