/** Whether a run's plain-text output holds something jaxerr-ls can report: a traceback or a
 * pytest failure. Cheap line-anchored checks, so a passing run never reaches the server. */

interface Marker {
  name: string;
  pattern: RegExp;
}

const MARKERS: Marker[] = [
  // CPython, also inside exception groups ("  | Traceback ...") and chained exceptions.
  { name: "Python traceback", pattern: /Traceback \(most recent call last\):/ },
  { name: "exception group", pattern: /Exception Group Traceback \(most recent call last\):/ },
  // pytest's section headers, summary lines and its "E   " lines (--tb=line and -q too).
  { name: "pytest failures", pattern: /^=+ (?:FAILURES|ERRORS) =+\s*$/m },
  { name: "pytest summary", pattern: /^(?:FAILED|ERROR) \S/m },
  { name: "pytest error line", pattern: /^E {3}\S/m },
  {
    name: "pytest totals",
    pattern: /^=*\s*(?:\d+ \w+, )*\d+ (?:failed|errors?)\b.* in \d+(?:\.\d+)?s\b/m,
  },
];

// A traceback printed without its header (a SyntaxError raised by compile(), a headless
// report): a `File "...", line N` frame and an exception line.
const FRAME = /^\s*File "[^"\n]+", line \d+/m;
const EXCEPTION_LINE = /^[A-Za-z_][\w.]*(?:Error|Exception|Interrupt|Exit|Group)(?:: |$)/m;

/** The name of the first failure marker found in `text`, or undefined for a clean run. */
export function failureMarker(text: string): string | undefined {
  for (const marker of MARKERS) {
    if (marker.pattern.test(text)) {
      return marker.name;
    }
  }
  if (FRAME.test(text) && EXCEPTION_LINE.test(text)) {
    return "traceback frame";
  }
  return undefined;
}

/** Whether `text` (plain, without escapes) holds a traceback or a pytest failure. */
export function hasFailure(text: string): boolean {
  return failureMarker(text) !== undefined;
}
