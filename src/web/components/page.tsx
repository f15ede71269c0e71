import type { ReactNode } from 'react';
import { usePageTitle } from '@web/lib/use-page-title';

/** A page's frame: its tab title, its one h1, and its content below. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
