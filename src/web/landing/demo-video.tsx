import { track } from '@web/analytics/track';

/**
 * SPEC.md section 2's demo video: autoplaying, muted, looping, with controls; playing it records
 * an event. The recording (public/demo.webm, VP9, and its poster) is of the real product, made by
 * `npm run record:demo`; the service worker leaves it to the network.
 */
/** A play without a user gesture just before it (browsers without userActivation count every play). */
function isAutoplay(): boolean {
  return navigator.userActivation ? !navigator.userActivation.isActive : false;
}

export function DemoVideo() {
  return (
    <figure className="mx-auto w-full max-w-4xl">
      <video
        className="aspect-video w-full rounded-xl border border-border bg-muted shadow-lg"
        poster="/demo-poster.jpg"
        autoPlay
        muted
        loop
        controls
        playsInline
        preload="auto"
        aria-label="Demo video: saving a link and reading it in your digest"
        onPlay={() => {
          // Autoplay is not someone playing the video: only a play the visitor started counts.
          if (isAutoplay()) return;
          track('video_play', { video: 'landing-demo' });
        }}
      >
        <source src="/demo.webm" type="video/webm" />
      </video>
      <figcaption className="mt-3 text-center text-sm text-muted-foreground">Demo video: save a link, read it in your next digest.</figcaption>
    </figure>
  );
}
