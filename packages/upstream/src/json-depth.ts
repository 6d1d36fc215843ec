/** Deeper than any real upstream answer (ours nest six levels at most) by a wide margin. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`. One pass over the text,
 * skipping strings, before JSON.parse: a body of a few MiB that is all brackets would otherwise
 * become millions of nested objects, and every schema check after it a deep recursion.
 */
export function exceedsJsonDepth(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92 /* \ */) index += 1;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 /* [ */ || code === 123 /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 93 /* ] */ || code === 125 /* } */) depth -= 1;
  }
  return false;
}
