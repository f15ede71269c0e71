import { AdLanding } from '@web/landing/ad-landing';
import { ChangeMyMindMeme } from '@web/landing/change-my-mind-meme';

export function ChangeMyMindPage() {
  return (
    <AdLanding
      page="change-my-mind"
      title="Start actually reading what you save"
      meme={<ChangeMyMindMeme />}
      pitch="Stash sends the links you save back to you as a newsletter, daily or weekly, so they finally get read."
    />
  );
}
