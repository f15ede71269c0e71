import sanitizeHtml from 'sanitize-html';

/*
 * The readable HTML as stored and shown: text, structure, links and images only. No scripts, event
 * handlers, iframes, forms, styles or classes; links only to http(s) and mail addresses, images only
 * by https URL (the reader fetches them through Stash). Relative URLs are made absolute against the
 * page, since the copy is shown away from it.
 */

const allowedTags = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'kbd',
  'samp',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'abbr',
  'cite',
  'q',
  'time',
  'figure',
  'figcaption',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'div',
  'span',
];

function absolute(url: string, base: string): string | undefined {
  return URL.canParse(url, base) ? new URL(url, base).href : undefined;
}

export function cleanArticleHtml(html: string, pageUrl: string): string {
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      time: ['datetime'],
      abbr: ['title'],
      ol: ['start'],
      '*': ['lang', 'dir'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    // Their text goes with them, not only the tag.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'iframe',
      'form',
      'button',
      'select',
      'svg',
      'math',
      'template',
      'object',
      'embed',
    ],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, ...(attribs.href && { href: absolute(attribs.href, pageUrl) ?? '' }), rel: 'noopener noreferrer nofollow' },
      }),
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: attribs.src ? (absolute(attribs.src, pageUrl) ?? '') : '' } }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src?.startsWith('https://'),
  });
}
