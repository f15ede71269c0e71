import { ExtensionSection } from './extension-section';
import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { PocketBanner } from './pocket-banner';
import { SocialProof } from './social-proof';

/** SPEC.md section 2's landing content, top to bottom. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <ExtensionSection />
      <FeatureCards />
      <SocialProof />
      <PocketBanner />
    </>
  );
}
