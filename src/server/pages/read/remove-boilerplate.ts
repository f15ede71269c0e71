/*
 * Boilerplate that survives Readability — "Was this page helpful?" blocks, "Advertisement" and
 * "Sponsored" labels, share bars, newsletter sign-up boxes — removed from the page's document before
 * the article is read, and the byline's repeat removed from the article after. Conservative by
 * construction (docs/links-and-pages.md, "Cleaner copies"): only small blocks go, so a wrapper that
 * happens to carry such a class, or a paragraph that merely talks about advertising, stays.
 */

/** A block with more text than this is never removed as boilerplate: it is part of the article. */
const SMALL_BLOCK = 400;

/** Whole texts of a block that are boilerplate (compared lower-case, without punctuation). */
const boilerplatePhrases = new Set([
  'advertisement',
  'advertisements',
  'ad',
  'ads',
  'sponsored',
  'sponsored content',
  'sponsored post',
  'paid content',
  'promoted',
  'anzeige',
  'werbung',
  'publicité',
  '広告',
  'share',
  'share this',
  'share this article',
  'share this post',
  'share this page',
]);

/** "Was this page helpful? Yes No" and the like; punctuation and emoji are gone by then. */
const helpfulQuestion = /^(was|is|did) (this|the) (page|article|post|answer|information|guide|content)( (helpful|useful))?( (yes|no))*$/;

/** Class, id and aria-label words of share bars, newsletter boxes, ads and promotions. */
const boilerplateNames = new Set([
  'share',
  'sharing',
  'sharebar',
  'shares',
  'social',
  'socials',
  'newsletter',
  'newsletters',
  'subscribe',
  'subscription',
  'signup',
  'ad',
  'ads',
  'advert',
  'adverts',
  'advertisement',
  'advertising',
  'adslot',
  'sponsor',
  'sponsored',
  'sponsors',
  'promo',
  'promos',
  'promoted',
  'promotion',
]);

/** Roles and tags never removed, whatever their names: the document and its main content. */
const keptTags = new Set(['HTML', 'HEAD', 'BODY', 'MAIN', 'ARTICLE', 'H1', 'TITLE']);

const normalize = (text: string | null) =>
  (text ?? '')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();

const textLength = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().length;

/**
 * Raw text lengths of every element, counted once from the leaves up, so that a large block is
 * ruled out without reading its text (no quadratic work on deeply nested pages). Removals only make
 * them larger than the truth, which errs towards keeping.
 */
type RawLengths = Map<Element, number>;

function rawLengths(elements: Element[]): RawLengths {
  const lengths: RawLengths = new Map();
  for (let index = elements.length - 1; index >= 0; index--) {
    let length = 0;
    for (const child of elements[index].childNodes) {
      length += child.nodeType === 1 ? (lengths.get(child as Element) ?? 0) : child.nodeType === 3 ? (child.nodeValue?.length ?? 0) : 0;
    }
    lengths.set(elements[index], length);
  }
  return lengths;
}

/** Whether an element's text (white space collapsed) is at most `limit` characters. */
function hasShortText(element: Element, limit: number, lengths?: RawLengths): boolean {
  const raw = lengths?.get(element);
  if (raw !== undefined && raw > limit * 4 + 200) return false;
  return textLength(element) <= limit;
}

function namesOf(element: Element): string[] {
  const words = [element.getAttribute('class'), element.getAttribute('id'), element.getAttribute('aria-label')].join(' ');
  return words
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

function isNamedBoilerplate(element: Element, lengths: RawLengths): boolean {
  if (keptTags.has(element.tagName) || element.getAttribute('role') === 'main') return false;
  return namesOf(element).some((word) => boilerplateNames.has(word)) && hasShortText(element, SMALL_BLOCK, lengths);
}

/** Where a phrase alone is a label, not data: never a table cell or a list item. */
const labelTags = new Set(['DIV', 'P', 'SPAN', 'ASIDE', 'SECTION', 'SMALL', 'LABEL', 'HEADER', 'FOOTER', 'H2', 'H3', 'H4', 'H5', 'H6']);

function isPhraseBlock(element: Element, lengths: RawLengths): boolean {
  if (!labelTags.has(element.tagName) || element.children.length > 3 || !hasShortText(element, 60, lengths)) return false;
  const text = normalize(element.textContent);
  return boilerplatePhrases.has(text) || helpfulQuestion.test(text);
}

function isSignUpForm(element: Element): boolean {
  return (
    element.tagName === 'FORM' &&
    element.querySelector('input[type="email" i], input[name*="email" i], input[autocomplete="email" i]') !== null
  );
}

/** The largest ancestor (up to a few levels) that holds nothing but this small block: its box. */
function boxOf(element: Element, limit: number, lengths?: RawLengths): Element {
  let box = element;
  for (let level = 0; level < 3; level++) {
    const parent = box.parentElement;
    if (!parent || keptTags.has(parent.tagName) || parent.getAttribute('role') === 'main' || !hasShortText(parent, limit, lengths)) break;
    box = parent;
  }
  return box;
}

export function removeBoilerplate(document: Document): void {
  const body = document.body ?? document.documentElement;
  if (!body) return;
  const elements = [...body.querySelectorAll('*')];
  const lengths = rawLengths(elements);
  for (const element of elements) {
    if (!element.isConnected) continue;
    if (isNamedBoilerplate(element, lengths)) element.remove();
    else if (isSignUpForm(element)) boxOf(element, SMALL_BLOCK, lengths).remove();
    else if (isPhraseBlock(element, lengths)) boxOf(element, normalize(element.textContent).length + 20, lengths).remove();
  }
}

/** The block that repeats the byline shown above the copy ("By Ada Brook", "Ada Brook"), removed. */
export function removeBylineRepeat(root: Element, byline: string): void {
  const wanted = normalize(byline).replace(/^(by|von|par|door|por) /, '');
  if (!wanted) return;
  for (const element of root.querySelectorAll('p, div, span, address, a, header, section, h2, h3, h4, h5, h6')) {
    const text = normalize(element.textContent).replace(/^(by|von|par|door|por) /, '');
    if (text === wanted) {
      boxOf(element, (element.textContent ?? '').trim().length).remove();
      return;
    }
  }
}
