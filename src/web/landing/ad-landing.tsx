import type { ReactNode } from 'react';
import { usePageTitle } from '@web/lib/use-page-title';
import { TrialLink } from './trial-link';
import { useLandingVisit } from './use-landing-visit';

interface AdLandingProps {
  /** The page's name in the landing-view event. */
  page: string;
  title: string;
  /** The joke the ad made, drawn. */
  meme: ReactNode;
  pitch: string;
}

/** An advertising landing page (docs/product/public-site.md): the ad's joke, one line of pitch, the 14-day trial. */
export function AdLanding({ page, title, meme, pitch }: AdLandingProps) {
  usePageTitle(title);
  useLandingVisit(page);
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-8 px-4 py-16 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {meme}
      <p className="max-w-xl text-lg text-balance text-muted-foreground">{pitch}</p>
      <TrialLink from={page}>Start your 14-day free trial</TrialLink>
      <p className="text-sm text-muted-foreground">No card needed. Cancel anytime.</p>
    </section>
  );
}
