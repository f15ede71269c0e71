import { useQuery } from '@tanstack/react-query';
import { socialProofTiles } from './social-proof-tiles';
import { TrialLink } from './trial-link';
import { answer, api } from '@web/lib/api';

export function SocialProof() {
  const { data: stats } = useQuery({
    queryKey: ['/api/public/stats'],
    queryFn: ({ signal }) => answer(api.GET('/api/public/stats', { signal })),
  });
  return (
    <section aria-labelledby="social-proof-heading" className="bg-muted/50 px-4 py-16">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-10">
        <h2 id="social-proof-heading" className="text-3xl font-bold tracking-tight">
          Stash in numbers
        </h2>
        <dl className="grid w-full gap-6 sm:grid-cols-3">
          {socialProofTiles(stats).map(({ figure, label }) => (
            <div key={label} className="flex flex-col items-center gap-2 rounded-lg bg-background p-6 text-center shadow-sm">
              <dt className="order-2 text-muted-foreground">{label}</dt>
              <dd className="order-1 text-3xl font-extrabold text-primary">{figure}</dd>
            </div>
          ))}
        </dl>
        <TrialLink from="social-proof">Start your free trial</TrialLink>
      </div>
    </section>
  );
}
