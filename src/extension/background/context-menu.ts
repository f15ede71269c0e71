import { pageToSave } from '../popup/page-to-save';
import { keepMenuProblem } from './menu-problem';
import { selectionIn } from './selection-quote';
import { highlightPage, saveLink } from './stash-account';

const MENU_ID = 'save-to-stash';
const HIGHLIGHT_MENU_ID = 'highlight-with-stash';
const BADGE_MS = 4000;
/** The manifest's default_title, put back when the badge goes. */
const BUTTON_TITLE = 'Save to Stash';

/** Called on install and update: entries outlive the worker, so they are made then, afresh. */
export async function createContextMenu(): Promise<void> {
  await chrome.contextMenus.removeAll();
  chrome.contextMenus.create({ id: MENU_ID, title: 'Save link to Stash', contexts: ['link', 'page'] });
  chrome.contextMenus.create({ id: HIGHLIGHT_MENU_ID, title: 'Highlight with Stash', contexts: ['selection'] });
}

/** Saves the right-clicked link, or the page when the click was not on a link. */
export async function onContextMenuClick(info: chrome.contextMenus.OnClickData, tab?: chrome.tabs.Tab): Promise<void> {
  if (info.menuItemId === HIGHLIGHT_MENU_ID) return highlightFromMenu(info, tab);
  if (info.menuItemId !== MENU_ID) return;
  // A link's own title is not known here; the server looks it up.
  const target = info.linkUrl ? pageToSave({ url: info.linkUrl }) : pageToSave({ url: info.pageUrl, title: tab?.title });
  if (!target.ok) {
    await showOutcome(tab?.id, { text: '!', title: target.reason });
    return;
  }
  const answer = await saveLink({ url: target.page.url, title: target.page.title });
  if (answer.ok) {
    await showOutcome(tab?.id, { text: '✓', title: answer.duplicate ? 'Already in your Stash' : 'Saved to your Stash' });
    return;
  }
  await keepMenuProblem(answer.problem);
  await showOutcome(tab?.id, { text: '!', title: `${answer.problem.title}. Open Stash to fix it.` });
}

/**
 * The selected words of the page become a highlight of its link, the page saved first when it is
 * not in the stash yet. The server finds the words in the readable copy, or keeps them as a quote
 * until the copy is made (src/server/highlights/README.md).
 */
async function highlightFromMenu(info: chrome.contextMenus.OnClickData, tab?: chrome.tabs.Tab): Promise<void> {
  const target = pageToSave({ url: info.pageUrl, title: tab?.title });
  if (!target.ok) {
    await showOutcome(tab?.id, { text: '!', title: target.reason });
    return;
  }
  const quote = await selectionIn(tab?.id, info.frameId, info.selectionText ?? '');
  if (!quote.exact) return;
  const answer = await highlightPage(target.page, quote);
  if (answer.ok) {
    await showOutcome(tab?.id, { text: '✓', title: 'Highlighted in your Stash' });
    return;
  }
  await keepMenuProblem(answer.problem);
  await showOutcome(tab?.id, { text: '!', title: `${answer.problem.title}. Open Stash to fix it.` });
}

/** The toolbar button shows how the save went, for a few seconds on that tab. */
async function showOutcome(tabId: number | undefined, { text, title }: { text: string; title: string }): Promise<void> {
  if (tabId === undefined) return;
  await chrome.action.setBadgeBackgroundColor({ tabId, color: text === '!' ? '#b91c1c' : '#15803d' });
  await chrome.action.setBadgeText({ tabId, text });
  await chrome.action.setTitle({ tabId, title });
  setTimeout(() => {
    void chrome.action.setBadgeText({ tabId, text: '' }).catch(() => undefined);
    void chrome.action.setTitle({ tabId, title: BUTTON_TITLE }).catch(() => undefined);
  }, BADGE_MS);
}
