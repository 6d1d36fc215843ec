/**
 * Generated regions inside hand-written files: everything between a line holding
 * `packs:sync begin <id>` and one holding `packs:sync end <id>` belongs to `pnpm packs:sync`.
 * @param {string} text the whole file
 * @param {string} id
 * @param {string[]} lines the region's new lines (without the marker lines)
 * @param {string} file for the error message
 */
export function replaceRegion(text, id, lines, file) {
  const all = text.split('\n');
  const begin = all.findIndex((line) => line.includes(`packs:sync begin ${id}`));
  const end = all.findIndex((line, index) => index > begin && line.includes(`packs:sync end ${id}`));
  if (begin < 0 || end < 0) throw new Error(`${file}: no "packs:sync begin ${id}" … "packs:sync end ${id}" lines to write between`);
  return [...all.slice(0, begin + 1), ...lines, ...all.slice(end)].join('\n');
}
