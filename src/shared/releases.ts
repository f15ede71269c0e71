import { z } from 'zod';
import type { LengthRule } from './length-rule';
import { multiLineText, oneLineText } from './text';

/** Release notes (docs/product/admin.md, Release notes): /releases shows them, /admin/releases writes them. */

export const releaseTypes = ['feature', 'improvement', 'fix'] as const;
export type ReleaseType = (typeof releaseTypes)[number];

export const releaseTypeLabels: Record<ReleaseType, string> = {
  feature: 'New feature',
  improvement: 'Improvement',
  fix: 'Fix',
};

/** docs/product/admin.md, Release notes: the create form's toasts (title / text). */
export const releaseMessages = {
  required: { title: 'Validation Error', text: 'Title and description are required' },
  failed: { title: 'Error', text: 'The release could not be created.' },
  created: { title: 'Release created' },
  published: { title: 'Release published' },
  notFound: 'This release does not exist.',
  titleTooLong: 'Titles must be at most 200 characters',
  descriptionTooLong: 'Descriptions must be at most 5,000 characters',
  versionTooLong: 'Versions must be at most 50 characters',
} as const;

const required = releaseMessages.required.text;

/** The length rules of the release fields, for the form's counters. */
export const releaseLengths = {
  title: { max: 200, message: releaseMessages.titleTooLong },
  description: { max: 5000, message: releaseMessages.descriptionTooLong },
  version: { max: 50, message: releaseMessages.versionTooLong },
} as const satisfies Record<string, LengthRule>;

export const createReleaseBody = z.object({
  title: oneLineText(required).min(1, required).max(releaseLengths.title.max, releaseLengths.title.message),
  description: multiLineText(required).min(1, required).max(releaseLengths.description.max, releaseLengths.description.message),
  type: z.enum(releaseTypes).default('improvement'),
  /** Optional; an empty field means no version. */
  version: oneLineText()
    .max(releaseLengths.version.max, releaseLengths.version.message)
    .nullish()
    .transform((version) => version || null),
  /** A release is created unpublished unless 'Publish immediately' is checked. */
  isPublished: z.boolean().default(false),
});

export type CreateReleaseBody = z.input<typeof createReleaseBody>;

const release = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  type: z.enum(releaseTypes),
  version: z.string().nullable(),
  releaseDate: z.iso.datetime(),
});

export const releaseList = z.array(release);

/** What administrators see: a release and whether it is public yet. */
export const adminRelease = release.extend({ isPublished: z.boolean() });
export const adminReleaseList = z.array(adminRelease);

export type Release = z.infer<typeof release>;
export type AdminRelease = z.infer<typeof adminRelease>;
