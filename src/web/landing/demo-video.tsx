import { useEffect, useRef } from 'react';
import { track } from '@web/analytics/track';

/** Wide screens only: a phone (and a visitor asking to save data) gets the poster until they press play. */
const AUTOPLAY_MEDIA = '(min-width: 768px) and (prefers-reduced-motion: no-preference)';

/**
 * The landing page's demo video (docs/product/public-site.md, Landing page): muted, looping, with controls; playing it records an event. Only
 * its poster loads with the page. The video (626 KB) cost the landing page its mobile score, so it
 * loads when asked: on a phone or with Save-Data when the visitor presses play; on a wide screen it
 * starts by itself once the page has finished loading. The recording (public/demo.webm, VP9, and its
 * poster) is of the real product, made by `npm run record:demo`; the service worker leaves it to the
 * network.
 */
/** A play without a user gesture just before it (browsers without userActivation count every play). */
function withoutGesture(): boolean {
  return navigator.userActivation ? !navigator.userActivation.isActive : false;
}

export function DemoVideo() {
  const video = useRef<HTMLVideoElement>(null);
  // Our own start is never a visitor's play, whatever activation the page happens to carry.
  const startedByPage = useRef(false);
  useEffect(() => {
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
    if (saveData || !window.matchMedia(AUTOPLAY_MEDIA).matches) return;
    const play = () => {
      startedByPage.current = true;
      void video.current?.play().catch(() => {
        startedByPage.current = false;
      });
    };
    if (document.readyState === 'complete') play();
    else window.addEventListener('load', play, { once: true });
    return () => window.removeEventListener('load', play);
  }, []);

  return (
    <figure className="mx-auto w-full max-w-4xl">
      <video
        ref={video}
        className="aspect-video w-full rounded-xl border border-border bg-muted shadow-lg"
        poster="/demo-poster.jpg"
        muted
        loop
        controls
        playsInline
        preload="none"
        aria-label="Demo video: saving a link and reading it in your digest"
        onPlay={() => {
          // Autoplay is not someone playing the video: only a play the visitor started counts.
          if (startedByPage.current) {
            startedByPage.current = false;
            return;
          }
          if (withoutGesture()) return;
          track('video_play', { video: 'landing-demo' });
        }}
      >
        <source src="/demo.webm" type="video/webm" />
      </video>
      <figcaption className="mt-3 text-center text-sm text-muted-foreground">
        Demo video: save a link, read it in your next digest.
      </figcaption>
    </figure>
  );
}
