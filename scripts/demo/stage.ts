import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Screencast } from './screencast';

/*
 * What makes the recording watchable: a visible pointer (headless Chromium paints none) that
 * glides to what is clicked, typing at a steady pace, pauses to read, and no waiting on the
 * machine left in the video. Every call to the browser is offstage (cut from the video), so a busy
 * machine changes how long recording takes, not how the video looks.
 */

const KEYSTROKE_MS = 55;
const GLIDE_STEPS = 15;
const GLIDE_STEP_MS = 16;

/**
 * A pointer that follows the mouse on every page of the context, the mailbox's included. Its
 * style is set through the CSSOM, which the pages' CSP allows. Plain text, not a function: tsx
 * would add helpers to a function's source that the page does not have.
 */
const POINTER_ID = 'stash-demo-pointer';
const pointerScript = `
  const pointer = document.createElement('div');
  pointer.id = '${POINTER_ID}';
  pointer.style.cssText = 'position:fixed;left:0;top:0;width:22px;height:22px;margin:-11px 0 0 -11px;border-radius:50%;'
    + 'background:rgba(21,128,61,.35);border:2px solid rgba(21,128,61,.9);pointer-events:none;z-index:2147483647;'
    + 'display:none;transition:transform .12s ease';
  document.addEventListener('mousemove', (event) => {
    pointer.style.display = 'block';
    pointer.style.left = event.clientX + 'px';
    pointer.style.top = event.clientY + 'px';
  }, true);
  document.addEventListener('mousedown', () => { pointer.style.transform = 'scale(.7)'; }, true);
  document.addEventListener('mouseup', () => { pointer.style.transform = ''; }, true);
  document.addEventListener('DOMContentLoaded', () => document.documentElement.append(pointer));
`;

export async function showPointer(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: pointerScript });
}

export interface Stage {
  page: Page;
  /** Holds still for the viewer to read. */
  pause(ms: number): Promise<void>;
  /** Waits for the app (a navigation, a server answer) with the waiting cut from the video. */
  await<T>(action: () => Promise<T>): Promise<T>;
  /** Moves the pointer smoothly onto the element's centre, then clicks it. */
  click(target: Locator): Promise<void>;
  /** Clicks into the field, then types the text key by key. */
  type(field: Locator, text: string): Promise<void>;
  /** Scrolls smoothly until the element's top sits near the top of the window, or to the page's top. */
  scrollTo(target: Locator | 'top'): Promise<void>;
  /** Saves what the window shows, without the pointer, as a JPEG. */
  photo(file: string): Promise<void>;
}

export function createStage(page: Page, screencast: Screencast): Stage {
  const pause = (ms: number) => sleep(ms).then(() => undefined);
  const offstage = screencast.offstage;
  let pointer = { x: page.viewportSize()!.width / 2, y: page.viewportSize()!.height / 2 };
  const glideTo = async (x: number, y: number) => {
    const from = pointer;
    for (let step = 1; step <= GLIDE_STEPS; step++) {
      const t = step / GLIDE_STEPS;
      const eased = t * t * (3 - 2 * t);
      await offstage(() => page.mouse.move(from.x + (x - from.x) * eased, from.y + (y - from.y) * eased));
      await pause(GLIDE_STEP_MS);
    }
    pointer = { x, y };
  };
  const click = async (target: Locator) => {
    const box = await offstage(async () => {
      await target.scrollIntoViewIfNeeded();
      return target.boundingBox();
    });
    const inView = box && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height;
    if (!inView) throw new Error(`Not on screen, so not clickable: ${target}`);
    await glideTo(box.x + box.width / 2, box.y + box.height / 2);
    await pause(150);
    await offstage(() => page.mouse.down().then(() => page.mouse.up()));
  };
  return {
    page,
    pause,
    await: offstage,
    click,
    async type(field, text) {
      await click(field);
      for (const key of text) {
        await offstage(() => page.keyboard.type(key));
        await pause(KEYSTROKE_MS);
      }
    },
    async scrollTo(target) {
      const top = target === 'top' ? 0 : await target.evaluate((element) => element.getBoundingClientRect().top + window.scrollY - 24);
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'smooth' }), top);
      await pause(700);
    },
    async photo(file) {
      await offstage(() =>
        page.screenshot({ path: file, type: 'jpeg', quality: 82, style: `#${POINTER_ID} { display: none !important; }` }),
      );
    },
  };
}
