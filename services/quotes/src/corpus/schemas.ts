import { z } from 'zod';

// Minimal schemas of Quotable's data files: the fields we use; extra fields (such as the
// `authorSlug` or `length` some dumps carry) are ignored because we derive them ourselves.
const nonBlank = z.string().trim().min(1, 'must be a non-empty string');

export const quoteRowSchema = z.object({
  _id: nonBlank,
  content: nonBlank,
  author: nonBlank,
  tags: z.array(nonBlank),
});

export const authorRowSchema = z.object({
  _id: nonBlank,
  name: nonBlank,
  link: z.string().nullish(),
  // Quotable's own authors.json carries these; the pinned copy data:fetch writes drops them.
  bio: z.string().nullish(),
  description: z.string().nullish(),
});

export const tagRowSchema = z.object({
  _id: nonBlank,
  name: nonBlank,
});

export type QuoteRow = z.infer<typeof quoteRowSchema>;
export type AuthorRow = z.infer<typeof authorRowSchema>;
export type TagRow = z.infer<typeof tagRowSchema>;
