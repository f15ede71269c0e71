/** Rejections that only mean "signed out" or "offline"; the UI already shows those states. */
const expectedRejectionTexts = ['Authentication required', 'Unauthorized', 'Failed to fetch', '401', '302'];

export function isExpectedRejection(reason: unknown): boolean {
  const text = reason instanceof Error ? reason.message : String(reason);
  return expectedRejectionTexts.some((expected) => text.includes(expected));
}

/** Keeps those rejections out of the console (docs/product/errors-and-limits.md, Client errors); everything else still shows. */
export function suppressExpectedRejections(target: Window): void {
  target.addEventListener('unhandledrejection', (event) => {
    if (isExpectedRejection(event.reason)) event.preventDefault();
  });
}
