// Letters that Unicode decomposition does not reduce to ASCII, so `Søren` and `Soren` match.
const SPECIAL_LETTERS: Record<string, string> = {
  ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ŀ: 'l', ħ: 'h',
};
const SPECIAL_PATTERN = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join('')}]`, 'g');

const ASCII = /^[\x00-\x7f]*$/;

/** Lower case without accents: the form every indexed word and every query word takes. */
export function foldText(text: string): string {
  // Most text is plain ASCII: it has no accents to remove, so skip the Unicode work.
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(SPECIAL_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}

// Apostrophes inside a word are dropped (`don't` → `dont`) so query and text agree on contractions.
const APOSTROPHES = /['\u2018\u2019\u02bc]/g;
const WORD = /[\p{L}\p{N}]+/gu;
const ASCII_APOSTROPHE = /'/g;
const ASCII_WORD = /[a-z0-9]+/g;

/** Splits text into folded words, in order. */
export function tokenize(text: string): string[] {
  // Plain ASCII takes a simpler pattern: no Unicode classes to test per character.
  if (ASCII.test(text)) return text.toLowerCase().replace(ASCII_APOSTROPHE, '').match(ASCII_WORD) ?? [];
  return foldText(text).replace(APOSTROPHES, '').match(WORD) ?? [];
}
