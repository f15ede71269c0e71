import { DemoVideo } from './demo-video';
import { TrialLink } from './trial-link';

export function Hero() {
  return (
    <section className="flex flex-col items-center gap-6 px-4 pt-16 pb-12 text-center sm:pt-24">
      <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
        Turn saved links into your favourite newsletter
      </h1>
      <p className="max-w-2xl text-lg text-balance text-muted-foreground">
        Stash the links you find during the day and get them back as your own curated reading list, delivered to your inbox when you want
        it.
      </p>
      <p className="text-lg font-semibold">Start actually reading what you save.</p>
      <TrialLink from="hero">Start Your Free Trial</TrialLink>
      <p className="text-sm text-muted-foreground">Thousands of articles read</p>
      <div className="mt-6 w-full">
        <DemoVideo />
      </div>
    </section>
  );
}
