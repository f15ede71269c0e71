import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protectCell, unprotectCell } from './columns';

describe('protectCell', () => {
  it('prefixes every cell a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\0']) expect(protectCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(protectCell("'=x")).toBe("''=x");
    for (const safe of ['Plain title', 'https://example.com/?a=1', "It's fine", "'quoted'", '', '1+1'])
      expect(protectCell(safe)).toBe(safe);
  });

  it('is undone exactly by unprotectCell, whatever the text', () => {
    fc.assert(fc.property(fc.string(), (text) => unprotectCell(protectCell(text)) === text));
    fc.assert(
      fc.property(
        fc.stringMatching(/^'*[=+\-@\t\r\0].*$/),
        (text) => unprotectCell(protectCell(text)) === text && protectCell(text).startsWith("'"),
      ),
    );
  });
});
