// html-escaper ships no types: the one function used here (public-page-html.ts).
declare module 'html-escaper' {
  /** The text with & < > ' " as character references, safe in element text and quoted attributes. */
  export function escape(text: string): string;
}
