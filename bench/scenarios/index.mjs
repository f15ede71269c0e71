// Every HTTP scenario of `npm run bench`, in the order they run; the baseline server finds each by name.
import health from './health.mjs';
import { firstPage, page400 } from './links-history.mjs';
import { manyUsers, oneUser } from './links-save.mjs';
import search from './links-search.mjs';
import publicPage from './public-page.mjs';

export const scenarios = [health, manyUsers, oneUser, firstPage, page400, search, publicPage];
