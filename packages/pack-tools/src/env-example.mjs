import { replaceRegion } from './regions.mjs';
import { segmentVariable } from './manifest.mjs';

/** @typedef {import('./manifest.mjs').PackManifest} PackManifest */

const WIDTH = 100;

/**
 * `# ── Title ───…` as wide as the hand-written headings of .env.example.
 * @param {string} title
 */
export const heading = (title) => `# ── ${title} ${'─'.repeat(Math.max(3, 76 - title.length))}`;

/**
 * A description as `# ` comment lines, wrapped at WIDTH.
 * @param {string} text
 */
export function commentLines(text) {
  const lines = [];
  for (const paragraph of text.split('\n')) {
    let line = '#';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line.length > 1 && line.length + 1 + word.length > WIDTH) {
        lines.push(line);
        line = '#';
      }
      line += ` ${word}`;
    }
    lines.push(line);
  }
  return lines;
}

const title = (/** @type {string} */ name) => `${name[0]?.toUpperCase()}${name.slice(1)} pack`;

/**
 * .env.example: the packs' ports, names, segments and variables, between its packs:sync lines.
 * @param {string} text the current file
 * @param {PackManifest[]} packs
 */
export function envExample(text, packs) {
  const ports = [
    `# all-in-one gateway; ${packs.map((pack) => `${pack.name} ${pack.port}`).join(', ')}.`,
  ];
  const names = [`# TOOLGATE_PACKS=${packs.map((pack) => pack.name).join(',')}`];
  const sections = [heading('Paths: each pack answers at POST /<segment>/mcp'), ...packs.map((pack) => `# ${segmentVariable(pack.name)}=${pack.name}`)];
  for (const pack of packs) {
    sections.push('', heading(`${title(pack.name)} (services/${pack.name}, alone on port ${pack.port})`));
    if (pack.env.length === 0) sections.push('# No variables of its own.');
    for (const variable of pack.env) {
      sections.push(...commentLines(`${variable.secret ? 'Secret. ' : ''}${variable.description}`), `# ${variable.name}=${variable.example}`);
    }
  }
  let next = replaceRegion(text, 'ports', ports, '.env.example');
  next = replaceRegion(next, 'names', names, '.env.example');
  return replaceRegion(next, 'packs', sections, '.env.example');
}
