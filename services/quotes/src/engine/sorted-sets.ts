/** Set operations on ascending arrays of document numbers. */

export function intersectSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[n++] = x;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return out.subarray(0, n);
}

export function unionSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i]! : Infinity;
    const y = j < b.length ? b[j]! : Infinity;
    const next = Math.min(x, y);
    out[n++] = next;
    if (x === next) i += 1;
    if (y === next) j += 1;
  }
  return out.subarray(0, n);
}

/** Groups document numbers by key, each list ascending. */
export function groupDocs(keysPerDoc: string[][]): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  keysPerDoc.forEach((keys, doc) => {
    for (const key of keys) {
      const list = lists.get(key);
      if (list) list.push(doc);
      else lists.set(key, [doc]);
    }
  });
  return new Map([...lists].map(([key, docs]) => [key, Int32Array.from(docs)]));
}
