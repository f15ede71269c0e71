import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from './screencast';

const FRAME_RATE = 25;

/**
 * Encodes the captured frames, each shown until the next one was painted, into a silent VP9 WebM
 * at a constant frame rate, `speed` times faster than it was recorded. Needs ffmpeg with libvpx.
 */
export function encodeWebm({ frames, end }: { frames: Frame[]; end: number }, framesDir: string, output: string, speed: number): void {
  if (frames.length === 0) throw new Error('No frames were captured.');
  // Frames painted during a cut (see Screencast.offstage) last no time: only the last of them shows.
  const shown = frames
    .map((frame, i) => ({ ...frame, duration: (frames[i + 1]?.time ?? end) - frame.time }))
    .filter((frame) => frame.duration > 0.001);
  const lines = ['ffconcat version 1.0', ...shown.flatMap((frame) => [`file '${frame.file}'`, `duration ${frame.duration.toFixed(3)}`])];
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  lines.push(`file '${shown.at(-1)!.file}'`);
  const list = path.join(framesDir, 'frames.ffconcat');
  writeFileSync(list, `${lines.join('\n')}\n`);
  // ffmpeg's own arguments are positional; each group below is one setting.
  execFileSync(
    'ffmpeg',
    [
      ['-hide_banner', '-loglevel', 'error', '-y'],
      ['-f', 'concat', '-safe', '0', '-i', list],
      ['-vf', `setpts=PTS/${speed},fps=${FRAME_RATE},format=yuv420p`],
      ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '38', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2'],
      ['-an', output],
    ].flat(),
    { stdio: 'inherit' },
  );
}

/** The encoded file's duration in seconds, read back with ffprobe. */
export function durationOf(file: string): number {
  const answer = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return Number(answer.trim());
}
