import type { Problem } from '../api/problems';

/*
 * A failed save from the context menu has nowhere to show its message, so the worker keeps it
 * (in session storage: gone when the browser closes) for the popup to show once.
 */

export async function keepMenuProblem(problem: Problem): Promise<void> {
  await chrome.storage.session.set({ menuProblem: problem });
}

export async function takeMenuProblem(): Promise<Problem | null> {
  const { menuProblem } = (await chrome.storage.session.get('menuProblem')) as { menuProblem?: Problem };
  if (menuProblem) await chrome.storage.session.remove('menuProblem');
  return menuProblem ?? null;
}
