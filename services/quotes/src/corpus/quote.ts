/** A quote as the tools return it (spec 2.6). */
export interface Quote {
  id: string;
  content: string;
  author: string;
  author_slug: string;
  length: number;
  /** Tag slugs (`famous-quotes`), as Quotable's API returned them: each is usable as a filter. */
  tags: string[];
}

export interface TagInfo {
  name: string;
  slug: string;
}

/** What authors.json says about an author; a field the file lacks (or leaves blank) is null. */
export interface AuthorInfo {
  name: string;
  slug: string;
  link: string | null;
  bio: string | null;
  description: string | null;
}

/** Everything the engine is built from, validated and with the derived fields filled in. */
export interface Corpus {
  quotes: Quote[];
  /** Every known tag: tags.json's list plus any tag a quote uses that the list lacks. */
  tags: TagInfo[];
  /** Authors from authors.json (link, bio, description), keyed by slug. */
  authors: Map<string, AuthorInfo>;
}
