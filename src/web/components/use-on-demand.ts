import { useState } from 'react';

/**
 * Code a page needs only once the user asks for it (a dialog: Radix's dialog, its form's schema),
 * kept out of the page's first load: `load()` imports it and re-renders with it; until then undefined.
 */
export function useOnDemand<Loaded>(importIt: () => Promise<Loaded>): [Loaded | undefined, () => void] {
  const [loaded, setLoaded] = useState<{ value: Loaded }>();
  return [loaded?.value, () => void importIt().then((value) => setLoaded({ value }))];
}
