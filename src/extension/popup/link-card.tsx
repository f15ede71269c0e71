import { linkNameOf, siteNameOf } from '../../shared/link-display';
import type { Link } from '../../shared/links-schemas';

/**
 * The saved link as the web app's cards show it: favicon and site name, the title (without one,
 * the site and path, never the raw URL twice), two lines of excerpt and the reading time. The
 * excerpt and reading time come once the server has read the page.
 */
export function LinkCard({ link }: { link: Link }) {
  return (
    <article className="card" aria-label="Saved link">
      <p className="card-site">
        {link.faviconUrl && (
          <img
            src={link.faviconUrl}
            alt=""
            width={16}
            height={16}
            referrerPolicy="no-referrer"
            onError={(event) => (event.currentTarget.hidden = true)}
          />
        )}
        <span>{siteNameOf(link)}</span>
      </p>
      <p className="card-title">{linkNameOf(link)}</p>
      {link.excerpt && <p className="card-excerpt">{link.excerpt}</p>}
      {(link.readingMinutes !== null || link.highlightCount > 0) && (
        <p className="card-meta">
          {[
            link.readingMinutes !== null && `${link.readingMinutes} min read`,
            link.highlightCount > 0 && `${link.highlightCount} ${link.highlightCount === 1 ? 'highlight' : 'highlights'}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </article>
  );
}
