import { AdLanding } from '@web/landing/ad-landing';
import { YesNoMeme } from '@web/landing/yes-no-meme';

export function YesNoDrakePage() {
  return (
    <AdLanding
      page="yes-no-drake"
      title="Stop hoarding links. Start reading them."
      meme={<YesNoMeme />}
      pitch="Save a link in one click. Stash turns everything you saved into your own e-mail digest."
    />
  );
}
