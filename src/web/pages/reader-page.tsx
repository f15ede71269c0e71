import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import type { LinkContent } from '@shared/links-schemas';
import { useCurrentUser } from '@web/auth/use-current-user';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { apiRequest } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { linkContentKey } from '@web/links/link-queries';
import { useSetRead } from '@web/links/use-link-mutations';

/** The reader's choices, kept in this browser. */
interface ReaderStyle {
  size: number;
  width: 'narrow' | 'wide';
  dark: boolean;
}
const STYLE_KEY = 'stash.reader';
const SIZES = [16, 18, 20, 22, 24];

function loadStyle(): ReaderStyle {
  try {
    return { size: 20, width: 'narrow', dark: false, ...JSON.parse(localStorage.getItem(STYLE_KEY) ?? '{}') };
  } catch {
    return { size: 20, width: 'narrow', dark: false };
  }
}

/** /read/:id: the page's readable copy in a calm typeface; Esc or Back returns to where the user was. */
export function ReaderPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useCurrentUser();
  const content = useQuery({ queryKey: linkContentKey(id), queryFn: () => apiRequest<LinkContent>('GET', `/api/links/${encodeURIComponent(id)}/content`) });
  const [style, setStyle] = useState(loadStyle);
  const [read, setRead] = useState(false);
  const markRead = useSetRead();
  const end = useRef<HTMLDivElement | null>(null);

  useEffect(() => localStorage.setItem(STYLE_KEY, JSON.stringify(style)), [style]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') history.back();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const mark = () => {
    if (read) return;
    setRead(true);
    markRead.mutate({ id, read: true });
  };
  // Scrolled to the end: read, unless the user turned read tracking off.
  useEffect(() => {
    if (!end.current || !content.data || user?.trackReads === false) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && mark());
    observer.observe(end.current);
    return () => observer.disconnect();
  });

  const change = (next: Partial<ReaderStyle>) => setStyle((current) => ({ ...current, ...next }));
  const theme = style.dark ? 'bg-neutral-900 text-neutral-100' : 'bg-[#fbf8f1] text-neutral-900';
  return (
    <div className={`min-h-screen ${theme}`}>
      <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-2 p-4 text-sm">
        <Button variant="outline" size="sm" onClick={() => history.back()}>
          Back
        </Button>
        <span className="flex-1" />
        <Button variant="outline" size="sm" aria-label="Smaller text" onClick={() => change({ size: SIZES[Math.max(0, SIZES.indexOf(style.size) - 1)] ?? 20 })}>
          A−
        </Button>
        <Button variant="outline" size="sm" aria-label="Larger text" onClick={() => change({ size: SIZES[Math.min(SIZES.length - 1, SIZES.indexOf(style.size) + 1)] ?? 20 })}>
          A+
        </Button>
        <Button variant="outline" size="sm" onClick={() => change({ width: style.width === 'narrow' ? 'wide' : 'narrow' })}>
          {style.width === 'narrow' ? 'Wider' : 'Narrower'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => change({ dark: !style.dark })}>
          {style.dark ? 'Light' : 'Dark'}
        </Button>
      </div>
      <main className={`mx-auto px-4 pb-16 ${style.width === 'narrow' ? 'max-w-[38rem]' : 'max-w-[52rem]'}`}>
        {content.isPending && <p>Loading…</p>}
        {content.isError && <p role="alert">{serverMessage(content.error, 'The readable copy could not be loaded.')}</p>}
        {content.data && (
          <article lang={content.data.lang ?? undefined} className="[overflow-wrap:anywhere]" style={{ fontFamily: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif', fontSize: style.size, lineHeight: 1.6 }}>
            <p className="text-sm opacity-70" style={{ fontFamily: 'system-ui, sans-serif' }}>
              {[content.data.siteName, content.data.byline, `${content.data.readingMinutes} min read`].filter(Boolean).join(' · ')}
            </p>
            <h1 className="mt-2 mb-6 text-[1.6em] leading-tight font-bold">{content.data.title}</h1>
            <UserNotes notes={content.data.notes} categories={content.data.categories} />
            <div className="reader-body [&_a]:underline [&_img]:h-auto [&_img]:max-w-full [&_p]:my-[0.9em] [&_pre]:overflow-x-auto" dangerouslySetInnerHTML={{ __html: content.data.html }} />
            <div ref={end} className="mt-10 flex flex-wrap items-center gap-4 text-base" style={{ fontFamily: 'system-ui, sans-serif' }}>
              <Button onClick={mark} disabled={read}>
                {read ? 'Marked as read' : 'Mark as read'}
              </Button>
              <a href={content.data.url} target="_blank" rel="noopener noreferrer" className="underline">
                Open the original page
              </a>
            </div>
          </article>
        )}
      </main>
    </div>
  );
}

/** The user's own categories and notes, above the article (kept current: every link edit refreshes the reader's copy). */
function UserNotes({ notes, categories }: Pick<LinkContent, 'notes' | 'categories'>) {
  return (
    <section aria-label="Your notes and categories" className="mb-8 grid gap-2 text-base" style={{ fontFamily: 'system-ui, sans-serif' }}>
      <ul className="flex flex-wrap gap-2" aria-label="Categories">
        {categories.map((category) => (
          <li key={category}>
            <Badge variant="muted" className="max-w-full [overflow-wrap:anywhere]">
              {category}
            </Badge>
          </li>
        ))}
      </ul>
      {notes && <p className="rounded-md border-l-4 border-current/30 bg-current/5 px-3 py-2 whitespace-pre-line [overflow-wrap:anywhere]">{notes}</p>}
    </section>
  );
}
