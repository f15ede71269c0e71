import { track } from '@web/analytics/track';

/** Wide screens only: a phone (and a visitor asking to save data) gets the poster until they press play. */
const AUTOPLAY_MEDIA = '(min-width: 768px) and (prefers-reduced-motion: no-preference)';

/** A play without a user gesture just before it (browsers without userActivation count every play). */
function withoutGesture(): boolean {
  return navigator.userActivation ? !navigator.userActivation.isActive : false;
}

/**
 * What the landing page's demo video does (demo-video.tsx says why), on the element itself, so the
 * app's component and the landing page's own script (islands/) share it: on a wide screen, without
 * Save-Data, it starts by itself once the page has loaded; a play the visitor starts records an
 * event. It gives the video its controls, which the markup leaves out so that their styles are not
 * worked out with the first paint's (demo-video.tsx), when it starts by itself; elsewhere it shows
 * the page's play button, which gives them and plays. Returns what undoes it.
 */
export function runDemoVideo(video: HTMLVideoElement): () => void {
  const button = video.parentElement?.querySelector<HTMLButtonElement>('[data-demo-play]');
  const giveControls = () => {
    video.controls = true;
    if (button) button.hidden = true;
  };
  // Our own start is never a visitor's play, whatever activation the page happens to carry.
  let startedByPage = false;
  const onPlay = () => {
    // Autoplay is not someone playing the video: only a play the visitor started counts.
    if (startedByPage) {
      startedByPage = false;
      return;
    }
    if (withoutGesture()) return;
    track('video_play', { video: 'landing-demo' });
  };
  video.addEventListener('play', onPlay);
  const play = () => {
    giveControls();
    startedByPage = true;
    video.play().catch(() => {
      startedByPage = false;
    });
  };
  // The visitor's own press: a play with a gesture, so it is recorded.
  const pressed = () => {
    giveControls();
    video.focus();
    void video.play().catch(() => {});
  };
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  if (!saveData && window.matchMedia(AUTOPLAY_MEDIA).matches) {
    if (document.readyState === 'complete') play();
    else window.addEventListener('load', play, { once: true });
  } else if (button) {
    button.hidden = false;
    button.addEventListener('click', pressed, { once: true });
  } else giveControls();
  return () => {
    video.removeEventListener('play', onPlay);
    window.removeEventListener('load', play);
    button?.removeEventListener('click', pressed);
  };
}
