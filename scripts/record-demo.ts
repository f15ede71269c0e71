// Records the landing page's demo video (public/demo.webm) and its poster (public/demo-poster.jpg)
// from the real product: the built server on a fresh embedded database, in mail capture mode,
// driven through a short story (scripts/demo/story.ts) by Debian's Chromium, each painted frame
// captured over the DevTools Protocol and encoded by ffmpeg.
//
// Only for re-recording: both files are committed, and nothing at install or run time needs
// ffmpeg. Needs `npm run build` first, Chromium at /usr/bin/chromium (or CHROMIUM_PATH) and ffmpeg
// with libvpx (Debian: apt-get install ffmpeg). Run: npm run record:demo
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../tests/support/browser';
import { startServer } from '../tests/support/server-process';
import { durationOf, encodeWebm } from './demo/encode';
import { startScreencast } from './demo/screencast';
import { createStage, showPointer } from './demo/stage';
import { playStory } from './demo/story';

const publicDir = fileURLToPath(new URL('../public', import.meta.url));
const videoFile = path.join(publicDir, 'demo.webm');
const posterFile = path.join(publicDir, 'demo-poster.jpg');
const size = { width: 1280, height: 720 };
/** The story is played at a person's pace; the video runs a little faster. */
const SPEED = 1.25;

// The embedded database and captured mail (the digest is read at /dev/mailbox), whatever the shell says.
delete process.env.TEST_DATABASE_URL;
delete process.env.SMTP_URL;

const executablePath = chromiumPath();
if (!executablePath) throw new Error('Chromium not found: apt-get install chromium, or set CHROMIUM_PATH');
const framesDir = mkdtempSync(path.join(os.tmpdir(), 'stash-demo-frames-'));
const [server, browser] = await Promise.all([startServer({ READ_PAGES: 'off' }), chromium.launch({ executablePath, args: chromiumArgs })]);
try {
  const context = await browser.newContext({
    viewport: size,
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'Europe/London',
    colorScheme: 'light',
  });
  await showPointer(context);
  const page = await context.newPage();
  const screencast = await startScreencast(page, framesDir, size);
  await playStory(createStage(page, screencast), server.url, posterFile);
  const capture = await screencast.stop();
  encodeWebm(capture, framesDir, videoFile, SPEED);
  const kb = (file: string) => `${Math.round(statSync(file).size / 1024)} KB`;
  console.log(`${videoFile}: ${durationOf(videoFile).toFixed(1)} s, ${kb(videoFile)} (${capture.frames.length} frames captured)`);
  console.log(`${posterFile}: ${kb(posterFile)}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(framesDir, { recursive: true, force: true });
}
