import type { CurrentUser } from '@shared/auth-schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { AddLinkForm, type LinkPrefill } from './add-link-form';

export function AddLinkCard({ user, initial }: { user: CurrentUser; initial?: LinkPrefill }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Add a link</CardTitle>
        <CardDescription>
          Paste a link to read later. Press <kbd className="rounded border border-border px-1 font-mono text-xs">n</kbd> to jump here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AddLinkForm user={user} initial={initial} />
      </CardContent>
    </Card>
  );
}
