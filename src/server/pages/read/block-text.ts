/** Elements that start a line of their own when the article is read as plain text. */
const BLOCKS =
  'address,article,aside,blockquote,br,dd,details,div,dl,dt,figcaption,figure,footer,h1,h2,h3,h4,h5,h6,header,hr,li,main,nav,ol,p,pre,section,summary,table,tr,ul';

/**
 * The element's text with a line break after every block and a space after every table cell:
 * textContent alone joins "<p>One.</p><p>Two.</p>" into "One.Two.", one word to a search and a
 * snippet without its space. Read from a copy; the element is left as it was.
 */
export function blockText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const block of copy.querySelectorAll(BLOCKS)) if (!block.parentElement?.closest('pre')) block.after('\n');
  for (const cell of copy.querySelectorAll('td,th')) cell.after(' ');
  return copy.textContent ?? '';
}
