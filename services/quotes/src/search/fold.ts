// Letters that Unicode decomposition does not reduce to ASCII, so `Søren` and `Soren` match.
const SPECIAL_LETTERS: Record<string, string> = {
  ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ŀ: 'l', ħ: 'h',
};
const SPECIAL_PATTERN = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join('')}]`, 'g');

/** Lower case without accents: the form every indexed word and every query word takes. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(SPECIAL_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}

// Apostrophes inside a word are dropped (`don't` → `dont`) so query and text agree on contractions.
const APOSTROPHES = /['\u2018\u2019\u02bc]/g;
const WORD = /[\p{L}\p{N}]+/gu;

/** Splits text into folded words, in order. */
export function tokenize(text: string): string[] {
  return foldText(text).replace(APOSTROPHES, '').match(WORD) ?? [];
}
