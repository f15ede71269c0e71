import { describe, expect, it } from 'vitest';
import { permissionRefusal } from './permission-refusal';

describe('permissionRefusal', () => {
  it('says a refused prompt keeps the previous server, and how to be asked again', () => {
    expect(permissionRefusal('refused', 'https://stash.mine.org', 'http://127.0.0.1:3000')).toBe(
      'The extension needs your permission to reach stash.mine.org. It keeps using 127.0.0.1:3000. Press Save to be asked again.',
    );
  });

  it('says nothing can be saved yet when there was no server before', () => {
    expect(permissionRefusal('refused', 'https://stash.mine.org', null)).toBe(
      'The extension needs your permission to reach stash.mine.org. Until then it cannot save anything. Press Save to be asked again.',
    );
  });

  it('tells a prompt that failed or went unanswered from a refusal', () => {
    expect(permissionRefusal('failed', 'https://stash.mine.org', null)).toBe(
      "No answer came from your browser's permission prompt for stash.mine.org. Until then it cannot save anything. Press Save to be asked again, or allow the site under the extension's details (Site access).",
    );
  });
});
