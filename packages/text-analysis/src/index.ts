export { analyse, stem } from './analyse.ts';
export { foldText, tokenize } from './fold.ts';
export { buildTypoIndex, MAX_TYPO_WORD_LENGTH, ONE_TYPO_MIN_LENGTH, TWO_TYPOS_MIN_LENGTH, typoDistance, typosAllowed } from './typo-index.ts';
export type { NearWord, TypoIndex } from './typo-index.ts';
