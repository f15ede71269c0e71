import { Pencil } from 'lucide-react';
import { cloneElement } from 'react';
import type { CurrentUser } from '@shared/auth-schemas';
import type { Link } from '@shared/links-schemas';
import { Button } from '@web/components/ui/button';
import { useOnDemand } from '@web/components/use-on-demand';

const importDialog = () => import('./edit-link-dialog').then(({ EditLinkDialog }) => EditLinkDialog);

/** A row's Edit button: the dialog loads when it is first pressed, and opens then. */
export function EditLinkButton({ link, linkName, user }: { link: Link; linkName: string; user: CurrentUser }) {
  const [EditLinkDialog, load] = useOnDemand(importDialog);
  const button = (
    <Button variant="ghost" size="sm" className="size-9 px-0 text-muted-foreground" aria-label={`Edit ${linkName}`} aria-haspopup="dialog">
      <Pencil aria-hidden />
    </Button>
  );
  if (EditLinkDialog) return <EditLinkDialog link={link} user={user} trigger={button} />;
  return cloneElement(button, { onClick: load });
}
