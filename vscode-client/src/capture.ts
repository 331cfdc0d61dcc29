/** One command's terminal output, read as it streams, kept to its last `limit` characters. */

import { splitUnfinishedEscape, terminalText } from "./ansi";

/** The default cap: the end of a run (the errors, pytest's summary) is what matters. */
export const DEFAULT_CAPTURE_LIMIT = 8 * 1024 * 1024;

// A line longer than this is processed without waiting for its end.
const LONGEST_PENDING_LINE = 1 << 20;

export class OutputCapture {
  private chunks: string[] = [];
  private length = 0;
  // The unfinished last line: a carriage return or an escape sequence in it may only make
  // sense once the rest of the line has arrived.
  private pending = "";
  private dropped = false;

  constructor(readonly limit: number = DEFAULT_CAPTURE_LIMIT) {
    if (!(limit > 0)) {
      throw new RangeError(`capture limit must be positive, got ${limit}`);
    }
  }

  /** Adds a chunk of raw terminal data (escapes and all). */
  append(chunk: string): void {
    const data = this.pending + chunk;
    const cut = data.lastIndexOf("\n") + 1;
    let complete: string;
    if (cut > 0) {
      complete = data.slice(0, cut);
      this.pending = data.slice(cut);
    } else if (data.length > LONGEST_PENDING_LINE) {
      [complete, this.pending] = splitUnfinishedEscape(data);
    } else {
      this.pending = data;
      return;
    }
    this.push(terminalText(complete));
  }

  /** Whether the start of the output was dropped to stay within the cap. */
  get truncated(): boolean {
    return this.dropped;
  }

  /** The plain text captured so far: at most `limit` characters, starting at a line. */
  text(): string {
    const text = this.chunks.join("") + terminalText(this.pending);
    return this.keepEnd(text);
  }

  private push(text: string): void {
    if (!text) {
      return;
    }
    this.chunks.push(text);
    this.length += text.length;
    // Trim only once the text is well past the cap, so appending stays linear.
    if (this.length > this.limit * 2) {
      const kept = this.keepEnd(this.chunks.join(""));
      this.chunks = [kept];
      this.length = kept.length;
    }
  }

  private keepEnd(text: string): string {
    if (text.length <= this.limit) {
      return text;
    }
    this.dropped = true;
    let kept = text.slice(text.length - this.limit);
    // Start at a whole line, unless the kept text is a single line.
    const newline = kept.indexOf("\n");
    if (newline >= 0 && newline < kept.length - 1) {
      kept = kept.slice(newline + 1);
    }
    return kept;
  }
}

/** Reads an async stream of terminal data (`TerminalShellExecution.read()`) into a capture. */
export async function captureStream(
  stream: AsyncIterable<string>,
  limit: number = DEFAULT_CAPTURE_LIMIT,
): Promise<OutputCapture> {
  const capture = new OutputCapture(limit);
  for await (const chunk of stream) {
    capture.append(chunk);
  }
  return capture;
}
