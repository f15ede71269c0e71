import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** One captured frame: its file in the frames directory and its time in the video (seconds). */
export interface Frame {
  file: string;
  time: number;
}

export interface Screencast {
  /** Runs `action` with its time cut from the video: waits on the server or the test driver, not on the viewer. */
  offstage<T>(action: () => Promise<T>): Promise<T>;
  /** Stops capturing; answers every frame in order and the video's end, the last frame held until then. */
  stop(): Promise<{ frames: Frame[]; end: number }>;
}

/**
 * Records what the page paints through the DevTools Protocol's screencast, one JPEG per painted
 * frame (nothing while the page stands still), each acknowledged so Chromium sends the next.
 */
export async function startScreencast(page: Page, framesDir: string, size: { width: number; height: number }): Promise<Screencast> {
  const session = await page.context().newCDPSession(page);
  const painted: Frame[] = [];
  const cuts: [number, number][] = [];
  const now = () => Date.now() / 1000;
  session.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
    const file = `frame-${String(painted.length).padStart(5, '0')}.jpg`;
    writeFileSync(path.join(framesDir, file), Buffer.from(data, 'base64'));
    painted.push({ file, time: metadata.timestamp ?? now() });
    void session.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
  });
  await session.send('Page.startScreencast', { format: 'jpeg', quality: 92, maxWidth: size.width, maxHeight: size.height });
  const start = now();

  /** A moment of the recording on the video's clock: from the start, less the cut time before it. */
  const onStage = (time: number) => cuts.reduce((at, [from, to]) => at - Math.max(0, Math.min(time, to) - from), time - start);

  return {
    async offstage(action) {
      const from = now();
      try {
        return await action();
      } finally {
        cuts.push([from, now()]);
      }
    },
    async stop() {
      const end = now();
      await session.send('Page.stopScreencast');
      await session.detach();
      return { frames: painted.map((frame) => ({ ...frame, time: Math.max(0, onStage(frame.time)) })), end: onStage(end) };
    },
  };
}
