import { FREE_MONTHLY_LINKS, INVITES } from './plans';

/**
 * The texts of saving links and managing categories (docs/product/links.md, categories.md and errors-and-limits.md), word for word.
 * The server answers with them and the web app shows them, so they live in one place.
 */
export const linkMessages = {
  urlRequired: 'URL is required',
  urlInvalid: 'Please enter a valid website address',
  /** docs/product/links.md, URL rules: the bound. */
  urlTooLong: 'URLs must be at most 2,048 characters',
  tooManyCategories: 'You can select up to 3 categories',
  /** The toast when a fourth category is picked (title / text). */
  maxCategoriesReached: { title: 'Maximum categories reached', text: 'You can only select up to 3 categories per link' },
  unknownCategory: 'Please choose one of your categories',
  notesTooLong: 'Notes must be at most 2,000 characters',
  titleTooLong: 'Titles must be at most 500 characters',
  /** docs/product/plans-and-billing.md, Trial expired: an ended trial chooses Pro or the free plan ("Continue on Free") to save again. */
  trialExpired: {
    title: 'Trial expired',
    text: `Choose a plan to continue saving links: upgrade to Pro, or continue on Free (${FREE_MONTHLY_LINKS} links a month, a weekly digest and ${INVITES.free} invitations).`,
  },
  monthlyLimitReached: `You have saved ${FREE_MONTHLY_LINKS} links this month, the limit of the free plan. Upgrade to Pro for unlimited links.`,
  newsletterProFeature: {
    title: 'Pro feature',
    text: 'Newsletter inclusion is a Pro feature. Upgrade to control which links appear in your email digests.',
  },
  nothingToChange: 'Nothing to change',
  linkNotFound: 'There is no such link.',
  noReadableCopy: 'There is no readable copy of this page.',
  pagesNotRead: 'This server does not read saved pages.',
  imageNotFound: 'There is no such image in this page.',
  imageUnavailable: 'The image could not be loaded.',
  pageInvalid: 'Page must be a whole number of at least 1',
  pageSizeInvalid: 'Page size must be 10, 20 or 50',
  searchTooLong: 'Search text must be at most 200 characters',
} as const;

export const categoryMessages = {
  /** docs/product/categories.md, Custom categories: the toast (title / text) for an empty name. */
  nameInvalid: { title: 'Invalid category name', text: 'Please enter a valid category name' },
  nameTooLong: 'Category names must be at most 50 characters',
  alreadyExists: 'Category already exists',
  /** The client's toast text after a duplicate: the existing category gets selected. */
  alreadyExistsSelected: (name: string) => `"${name}" already exists. It has been selected.`,
  customIsProFeature: 'Custom categories are a Pro feature',
  notFound: 'There is no such category.',
} as const;
