/**
 * Whether a parsed JSON value nests deeper than `maxDepth` (an object or array is one level),
 * walked with a stack of its own: a value from a server may nest thousands of levels, and a
 * recursive walk (JSON.stringify, a schema transform, a renderer) would overflow the call stack.
 * Stops at the first container past the bound, so its cost is bounded by the value's size.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
