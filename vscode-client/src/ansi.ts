/** Terminal text to plain text: escape sequences removed, carriage-return overwrites applied. */

// CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \, which shell integration uses for its
// 633 marks), the other string commands (DCS, SOS, PM, APC), two-byte escapes, and the 8-bit
// CSI form. Written out because the terminal's stream mixes all of them.
const ESCAPES =
  // eslint-disable-next-line no-control-regex
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[ -/]*(?![[\]PX^_])[0-~]|\x9b[0-?]*[ -/]*[@-~]/g;

// What is left of an escape sequence cut off at the end of a chunk.
// eslint-disable-next-line no-control-regex
const UNFINISHED = /\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b]*|\][^\x07]*\x1b|[PX^_][^\x1b]*\x1b?|[ -/]*)?$/;

/** Removes escape sequences and control characters other than tab and newline from `text`. */
export function stripAnsi(text: string): string {
  return (
    text
      .replace(ESCAPES, "")
      // A lone ESC or a stray control byte (backspace, bell) left by a broken sequence.
      // eslint-disable-next-line no-control-regex
      .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, "")
  );
}

/**
 * Applies carriage returns the way a terminal shows them: CRLF is a newline, and a lone CR
 * (a progress bar redrawing its line) leaves only what was written after it.
 */
export function applyCarriageReturns(text: string): string {
  const lines = text.replace(/\r+\n/g, "\n").split("\n");
  return lines
    .map((line) => {
      const last = line.lastIndexOf("\r");
      return last < 0 ? line : line.slice(last + 1);
    })
    .join("\n");
}

/** Plain text of terminal output: escapes stripped, carriage returns applied. */
export function terminalText(text: string): string {
  return stripAnsi(applyCarriageReturns(text));
}

/**
 * Splits a chunk of a stream into the part that can be stripped now and an unfinished escape
 * sequence at its end, which must wait for the next chunk.
 */
export function splitUnfinishedEscape(chunk: string): [complete: string, rest: string] {
  const start = chunk.lastIndexOf("\x1b");
  if (start < 0) {
    return [chunk, ""];
  }
  const tail = chunk.slice(start);
  // A finished sequence at the end is complete; only a prefix of one waits.
  ESCAPES.lastIndex = 0;
  const finished = ESCAPES.exec(tail);
  ESCAPES.lastIndex = 0;
  if (finished !== null && finished.index === 0) {
    return [chunk, ""];
  }
  if (UNFINISHED.test(tail) && tail.length < 4096) {
    return [chunk.slice(0, start), tail];
  }
  return [chunk, ""];
}
