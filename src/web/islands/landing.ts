import { runDemoVideo } from '@web/landing/demo-video-playback';
import { recordLandingVisit } from '@web/landing/landing-visit';
import { socialProofTiles } from '@web/landing/social-proof-tiles';
import { answer, api } from '@web/lib/api';

/** The landing page, signed out: the visit recorded, the demo video's rules, the live figures. */
export function runLanding(): void {
  recordLandingVisit('home');
  const video = document.querySelector('video');
  if (video) runDemoVideo(video);
  void showLiveFigures();
}

/** The social-proof tiles (social-proof.tsx) with the figures the server vouches for; the true facts stay if the call fails. */
async function showLiveFigures(): Promise<void> {
  const list = document.getElementById('social-proof-heading')?.parentElement?.querySelector('dl');
  if (!list) return;
  const stats = await answer(api.GET('/api/public/stats')).catch(() => undefined);
  socialProofTiles(stats).forEach(({ figure, label }, index) => {
    const tile = list.children[index];
    const [term, value] = [tile?.querySelector('dt'), tile?.querySelector('dd')];
    if (term) term.textContent = label;
    if (value) value.textContent = figure;
  });
}
