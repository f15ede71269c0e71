import { memo } from 'react';
import { ExtensionSection } from './extension-section';
import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { PocketBanner } from './pocket-banner';
import { SocialProof } from './social-proof';

/**
 * The landing content of docs/product/public-site.md, Landing page, top to bottom. Memoised: the home page renders again when
 * hydration ends and when the current-user call answers, each time in one uninterrupted task (store
 * updates are never sliced), and the content, which depends on neither, need not come along.
 */
export const LandingPage = memo(function LandingPage() {
  return (
    <>
      <Hero />
      <ExtensionSection />
      <FeatureCards />
      <SocialProof />
      <PocketBanner />
    </>
  );
});
