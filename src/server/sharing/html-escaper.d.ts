// html-escaper ships no types: the one function used here (public-page-html.ts).
declare module 'html-escaper' {
  /** The text with & < > ' " as character references, safe in element text and quoted attributes. */
  const escapeHtml: (text: string) => string;
  export { escapeHtml as escape };
}
