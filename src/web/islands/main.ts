import { recordMarkedClicks } from '@web/analytics/marked-clicks';
import { answer, api } from '@web/lib/api';
import { ISLAND_PARTS_ID } from '@web/prerender/prerendered-pages';
import { registerServiceWorker } from '@web/pwa/register-service-worker';
import { runHeader } from './header';
import { runLanding } from './landing';
import { runPlanChoice } from './plan-choice';

/*
 * The script of the public pages a visitor lands on from outside (prerender/prerendered-pages.ts,
 * islandPages): their HTML, prerendered, is the page, and this wires up the few parts that react,
 * with plain DOM code, instead of hydrating the whole app (docs/web-app.md, Public pages as
 * islands). Links from them are ordinary links: the page they open loads the app.
 */

/** What these pages were rendered for (the upgrade journey) or only record (a campaign); anything else, a checkout's return, is the app's to read. */
const UNDERSTOOD_PARAMETER = /^(?:journey|utm_\w+|rdt_cid)$/;

registerServiceWorker();
void start();

async function start(): Promise<void> {
  const visitor = await isVisitor();
  const understood = [...new URLSearchParams(window.location.search).keys()].every((name) => UNDERSTOOD_PARAMETER.test(name));
  // Someone signed in (whose buttons and header differ), a query the page was not rendered for, or
  // no answer (offline): the whole app takes the page over, as on every other page.
  const template = document.getElementById(ISLAND_PARTS_ID) as HTMLTemplateElement;
  if (!visitor || !understood) {
    // The app's entry script, named by the build (scripts/prerender.ts): it hydrates the page, or renders it afresh.
    await import(/* @vite-ignore */ template.dataset.app!);
    return;
  }
  const parts = template.content;
  recordMarkedClicks();
  runHeader(parts);
  runPlanChoice(parts);
  if (window.location.pathname === '/') runLanding();
}

/** Whether nobody is signed in; false too when the current-user call fails. */
async function isVisitor(): Promise<boolean> {
  try {
    return (await answer(api.GET('/api/auth/check'))).user === null;
  } catch {
    return false;
  }
}
