import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { plansFor, type PlansAnswer } from '@shared/billing-schemas';
import type { PlanInterval } from '@shared/plans';
import { App } from '@web/app';
import { PlanPrice } from '@web/billing/plan-price';
import { PendingSpinner } from '@web/components/pending-button';
import { SignedOutNav } from '@web/layout/signed-out-nav';
import { queryClient } from '@web/lib/query-client';
import { PageTitleSink } from '@web/lib/use-page-title';

const planIntervals: PlanInterval[] = ['monthly', 'annual'];

export interface RenderedPage {
  html: string;
  title: string | undefined;
  /** What the page was rendered with (the plans), for the browser to start from the same (main.tsx). */
  queries: DehydratedState;
}

/**
 * One page of the app as HTML, with every lazy part in it, for scripts/prerender.ts: as a visitor
 * sees it before anything has loaded, except the plans, which depend on the billing mode alone
 * (the footer's Pricing link, /pricing, the support page's answers). `page` is a path and maybe a
 * query (prerendered-pages.ts).
 */
export async function renderPage(page: string, billing: PlansAnswer['billing']): Promise<RenderedPage> {
  const [path, search = ''] = page.split('?');
  queryClient.clear();
  queryClient.setQueryData(['/api/billing/plans'], plansFor(billing));
  let title: string | undefined;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <PageTitleSink value={(pageTitle) => (title = pageTitle)}>
      <Router ssrPath={path} ssrSearch={search}>
        <App />
      </Router>
    </PageTitleSink>,
    {
      // A part that fails would be left for the browser to render: the build fails instead.
      onError: (error) => void errors.push(error),
      // Every part in place: React would otherwise move big parts after the rest, to be put in
      // place by an inline script, which the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${page} failed: ${errors.map(String).join('; ')}`);
  return { html, title, queries: dehydrate(queryClient) };
}

/**
 * What the script of an island page (islands/) puts into it, rendered by the app's own components,
 * each in a `data-part` element: the header's navigation for a visitor, once the current-user call
 * says nobody is signed in, the spinner of a button whose request is under way, and, with billing
 * on, Pro's price for each billing period, for the period toggle.
 */
export function renderIslandParts(billing: PlansAnswer['billing']): string {
  return renderToStaticMarkup(
    <Router ssrPath="/">
      <div data-part="signed-out-nav">
        <SignedOutNav />
      </div>
      <div data-part="pending-spinner">
        <PendingSpinner />
      </div>
      {billing !== 'off' &&
        planIntervals.map((interval) => (
          <div key={interval} data-part={`plan-price-${interval}`}>
            <PlanPrice interval={interval} />
          </div>
        ))}
    </Router>,
  );
}
