import { saveLinkBodyWith } from '@shared/links-schemas';

/** The add-link form's own fields, checked by the server's rules (loaded on demand by add-link-form.tsx). */
export const linkFieldsWith = (localhostLinks: boolean) =>
  saveLinkBodyWith({ allowLocalhost: localhostLinks }).pick({ url: true, notes: true });
