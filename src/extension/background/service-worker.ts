import type { PopupRequest } from '../messages';
import { createContextMenu, onContextMenuClick } from './context-menu';
import { onTabUrlChange, startPairing } from './pairing';
import { openForPopup, refreshLink, undoSave, updateLink } from './stash-account';

/*
 * The extension's background: the only part that talks to the Stash server. Listeners are
 * registered at the top level, as Manifest V3 requires, so an event wakes the worker up.
 */

chrome.runtime.onInstalled.addListener(() => void createContextMenu());

chrome.contextMenus.onClicked.addListener((info, tab) => void onContextMenuClick(info, tab));

chrome.tabs.onUpdated.addListener((tabId, change) => {
  if (change.url) void onTabUrlChange(tabId, change.url);
});

chrome.runtime.onMessage.addListener((request: PopupRequest, sender, sendResponse) => {
  // Only the extension's own pages talk to the worker.
  if (sender.id !== chrome.runtime.id) return false;
  void answer(request).then(sendResponse);
  return true;
});

async function answer(request: PopupRequest): Promise<unknown> {
  switch (request.type) {
    case 'open':
      return openForPopup(request.page);
    case 'refresh':
      return refreshLink(request.url);
    case 'update':
      return updateLink(request.id, request.changes);
    case 'undo':
      return undoSave(request.id);
    case 'connect':
      await startPairing();
      return null;
  }
}
