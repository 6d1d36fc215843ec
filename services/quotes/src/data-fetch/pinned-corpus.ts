/**
 * The full Quotable corpus as data/quotable/SOURCES.md pins it: quotable-io/data at
 * this commit, files `data/*.json`, with the sha256 of each file as the project uses it.
 */
export const PINNED_COMMIT = '20037e8161167d25e971d2dcfe1ee0398eb8eb89';
export const DEFAULT_BASE_URL = 'https://raw.githubusercontent.com/quotable-io/data';

export interface PinnedFile {
  name: string;
  sha256: string;
  /**
   * Upstream's authors.json also carries `bio` and `description` (Wikipedia text) that the
   * project does not use; they are dropped and the rest written as the committed copy is
   * (JSON, one-space indent), and that result is what the hash pins.
   */
  project?: (text: string) => string;
}

const keepAuthorFields = (text: string) =>
  JSON.stringify(
    (JSON.parse(text) as Record<string, unknown>[]).map(({ _id, name, link }) => ({ _id, name, link })),
    null,
    1,
  );

export const PINNED_FILES: PinnedFile[] = [
  { name: 'quotes.json', sha256: 'ac39aa7dbbb6f0c8612bb00840d200dd0539e7c2f2207b3a61d322e6832c14c2' },
  { name: 'authors.json', sha256: 'b137d0f1e47f1d7d6ef89b83d50faebef0f56aff61631db44cce177f87d1e0af', project: keepAuthorFields },
  { name: 'tags.json', sha256: '12351a8625f2c00906301f0a766fc57819f98a84a2eb7ead405791e2e4d88ddb' },
];
