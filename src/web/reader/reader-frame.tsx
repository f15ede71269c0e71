import { useMemo, type ReactNode, type Ref } from 'react';
import type { ReaderLinkContent } from '@shared/reader-link-schemas';
import { prepareArticleHtml } from './article-html';
import type { ReaderPreferences } from './reader-preferences';

const serif = 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif';
const sans = 'system-ui, sans-serif';

/** The reader's themed box (reader.css): the whole of /read/:id, controls included. */
export function ReaderFrame({ theme, children }: { theme: ReaderPreferences['theme']; children: ReactNode }) {
  return (
    <div className="reader min-h-screen" data-theme={theme}>
      {children}
    </div>
  );
}

/** The column the article sits in, narrow or wide. */
export function ReaderColumn({ width, children }: { width: ReaderPreferences['width']; children: ReactNode }) {
  return <div className={`mx-auto px-4 pb-16 ${width === 'narrow' ? 'max-w-[38rem]' : 'max-w-[52rem]'}`}>{children}</div>;
}

interface ReaderArticleProps {
  content: ReaderLinkContent;
  size: number;
  /** Above the article's text: the user's notes and categories, when signed in. */
  beforeBody?: ReactNode;
  /** Right after the article's text: highlights not found in it, when signed in. */
  afterBody?: ReactNode;
  /** After it: Mark as read and the original's link. */
  footer: ReactNode;
  endRef?: Ref<HTMLDivElement>;
  /** The element holding the article's text (highlights are painted in it). */
  bodyRef?: Ref<HTMLDivElement>;
}

/** The readable copy in long-form type (@tailwindcss/typography's prose, tuned in reader.css). */
export function ReaderArticle({ content, size, beforeBody, afterBody, footer, endRef, bodyRef }: ReaderArticleProps) {
  const html = useMemo(() => prepareArticleHtml(content.html), [content.html]);
  return (
    <article lang={content.lang ?? undefined} style={{ fontSize: size }}>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" style={{ fontFamily: sans }}>
        {[content.siteName, content.byline, `${content.readingMinutes} min read`].filter(Boolean).join(' · ')}
      </p>
      <h1
        className="mt-2 mb-6 text-[1.35em] leading-tight sm:text-[1.6em] font-bold [overflow-wrap:anywhere]"
        style={{ fontFamily: serif }}
      >
        {content.title}
      </h1>
      {beforeBody}
      <div
        ref={bodyRef}
        className="reader-article prose"
        style={{ fontFamily: serif, fontSize: '1em' }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {afterBody}
      <div ref={endRef} className="mt-10 flex flex-wrap items-center gap-4 text-base" style={{ fontFamily: sans }}>
        {footer}
      </div>
    </article>
  );
}

/** The original page, in a new tab. */
export function OriginalLink({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="underline">
      Open the original page
    </a>
  );
}
