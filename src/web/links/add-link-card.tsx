import type { CurrentUser } from '@shared/auth-schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { Link } from '@shared/links-schemas';
import { AddLinkForm, type LinkPrefill } from './add-link-form';

export function AddLinkCard({ user, initial, onSaved }: { user: CurrentUser; initial?: LinkPrefill; onSaved?: (link: Link) => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Add a link</CardTitle>
        <CardDescription>
          Paste a link to read later.
          {/* Only where there is likely a keyboard: a touch screen has no n key to press. */}
          <span className="pointer-coarse:hidden">
            {' '}
            Press <kbd className="rounded border border-border px-1 font-mono text-xs">n</kbd> to jump here.
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AddLinkForm user={user} initial={initial} onSaved={onSaved} />
      </CardContent>
    </Card>
  );
}
