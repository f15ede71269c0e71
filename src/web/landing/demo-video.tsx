import { track } from '@web/analytics/track';

/**
 * SPEC.md section 2's demo video: autoplaying, muted, looping, with controls; playing it records
 * an event. No recording ships with Stash yet, so the player shows its poster, a drawing of the
 * app, until a video file is added as its source.
 */
export function DemoVideo() {
  return (
    <figure className="mx-auto w-full max-w-4xl">
      <video
        className="aspect-video w-full rounded-xl border border-border bg-muted shadow-lg"
        poster="/demo-poster.svg"
        autoPlay
        muted
        loop
        controls
        playsInline
        preload="none"
        aria-label="Demo video: saving a link and reading it in your digest"
        onPlay={() => track('video_play', { video: 'landing-demo' })}
      />
      <figcaption className="mt-3 text-center text-sm text-muted-foreground">Demo video: save a link, read it in your next digest.</figcaption>
    </figure>
  );
}
