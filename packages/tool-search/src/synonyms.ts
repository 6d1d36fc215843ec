import { stem, tokenize } from '@toolgate/text-analysis';

/**
 * A pack's vocabulary: groups of words or phrases its users say for the same thing (`['gig',
 * 'concert', 'show']`, `['standings', 'league table']`). A tool of the pack whose text holds one
 * entry of a group (a phrase: its words in order, as stems) is also found by the others: their
 * words are indexed under the tool's synonyms field, which weighs less than its own words, so a
 * tool that says "concert" outranks one found only through "gig". A group applies only to its own
 * pack's tools: "table" is standings for sports, not for a fronted database server.
 */
export type SynonymGroups = readonly (readonly string[])[];

function holdsPhrase(stems: readonly string[], phrase: readonly string[]): boolean {
  outer: for (let at = 0; at + phrase.length <= stems.length; at += 1) {
    for (let offset = 0; offset < phrase.length; offset += 1) if (stems[at + offset] !== phrase[offset]) continue outer;
    return true;
  }
  return false;
}

/** The synonyms field of one tool: the words of every other entry of each group one of whose entries its text holds. */
export function synonymText(groups: SynonymGroups | undefined, toolText: string): string {
  if (!groups || groups.length === 0) return '';
  const stems = tokenize(toolText).map(stem);
  const held = new Set(stems);
  const added = new Set<string>();
  for (const group of groups) {
    const entries = group.map((entry) => tokenize(entry));
    if (!entries.some((words) => words.length > 0 && holdsPhrase(stems, words.map(stem)))) continue;
    for (const words of entries) for (const word of words) if (!held.has(stem(word))) added.add(word);
  }
  return [...added].join(' ');
}
