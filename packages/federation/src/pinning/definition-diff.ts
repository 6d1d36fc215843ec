/** The longest diff a log line carries; past it the diff is cut with a note. */
const MAX_DIFF_CHARACTERS = 4_000;
/** Past this many lines on a side, no line-by-line match is looked for (it costs their product). */
const MAX_MATCHED_LINES = 1_000;

/**
 * A readable diff of two texts, line by line: `-` a line only the pinned definition has, `+` one
 * only the new one has, two lines of context around each change, `…` where unchanged lines are
 * skipped. A longest-common-subsequence match, as `diff` makes; cut to 4,000 characters.
 */
export function lineDiff(before: string, after: string): string {
  const old = before.split('\n');
  const now = after.split('\n');
  const marks = old.length > MAX_MATCHED_LINES || now.length > MAX_MATCHED_LINES ? replaceAll(old, now) : matched(old, now);
  const shown = withContext(marks, 2);
  return shown.length > MAX_DIFF_CHARACTERS ? `${shown.slice(0, MAX_DIFF_CHARACTERS)}\n… (the diff is cut at ${MAX_DIFF_CHARACTERS} characters)` : shown;
}

type Mark = { kind: ' ' | '-' | '+'; line: string };

function replaceAll(old: string[], now: string[]): Mark[] {
  return [...old.map((line) => ({ kind: '-' as const, line })), ...now.map((line) => ({ kind: '+' as const, line }))];
}

function matched(old: string[], now: string[]): Mark[] {
  // lengths[i][j]: the longest common subsequence of old[i..] and now[j..].
  const lengths = Array.from({ length: old.length + 1 }, () => new Uint32Array(now.length + 1));
  for (let i = old.length - 1; i >= 0; i -= 1) {
    for (let j = now.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] = old[i] === now[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const marks: Mark[] = [];
  let i = 0;
  let j = 0;
  while (i < old.length || j < now.length) {
    if (i < old.length && j < now.length && old[i] === now[j]) {
      marks.push({ kind: ' ', line: old[i]! });
      i += 1;
      j += 1;
    } else if (i < old.length && (j === now.length || lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      // Removals first, as diff shows them.
      marks.push({ kind: '-', line: old[i]! });
      i += 1;
    } else {
      marks.push({ kind: '+', line: now[j]! });
      j += 1;
    }
  }
  return marks;
}

function withContext(marks: Mark[], context: number): string {
  const near = marks.map((_, index) => marks.slice(Math.max(0, index - context), index + context + 1).some((mark) => mark.kind !== ' '));
  const lines: string[] = [];
  marks.forEach((mark, index) => {
    if (near[index]) lines.push(`${mark.kind} ${mark.line}`);
    else if (lines.at(-1) !== '…') lines.push('…');
  });
  return lines.join('\n');
}
