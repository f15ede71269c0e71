import { useEffect, useRef } from 'react';
import { runDemoVideo } from './demo-video-playback';

/**
 * The landing page's demo video (docs/product/public-site.md, Landing page): muted, looping, with
 * controls; playing it records an event. Only its poster loads with the page. The video (626 KB)
 * cost the landing page its mobile score, so it loads when asked: on a phone or with Save-Data when
 * the visitor presses play; on a wide screen it starts by itself once the page has finished loading
 * (demo-video-playback.ts). The recording (public/demo.webm, VP9, and its poster) is of the real
 * product, made by `npm run record:demo`; the service worker leaves it to the network. Its controls
 * are added by runDemoVideo when it starts by itself or when the visitor presses the page's own play
 * button, never with the first paint: the browser's own controls are a tree of elements whose styles
 * doubled the first paint's style work (docs/web-app.md, Public pages as islands). The button stays
 * hidden until the page's script can play the video.
 */
export function DemoVideo() {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => runDemoVideo(video.current!), []);

  return (
    <figure className="mx-auto w-full max-w-4xl">
      <div className="relative">
        <video
          ref={video}
          className="aspect-video w-full rounded-xl border border-border bg-muted shadow-lg"
          poster="/demo-poster.jpg"
          muted
          loop
          playsInline
          preload="none"
          aria-label="Demo video: saving a link and reading it in your digest"
        >
          <source src="/demo.webm" type="video/webm" />
        </video>
        <button
          type="button"
          hidden
          data-demo-play
          aria-label="Play the demo video"
          className="absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-black/70 text-white shadow-lg hover:bg-black/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 size-8 fill-current">
            <path d="M8 5v14l11-7z" />
          </svg>
        </button>
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted-foreground">
        Demo video: save a link, read it in your next digest.
      </figcaption>
    </figure>
  );
}
