import { Circle, CircleCheck } from 'lucide-react';
import type { Link } from '@shared/links-schemas';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/toasts/use-toast';
import { useSetRead } from './use-link-mutations';

/** Marks a link read or unread again; while the change is on its way it shows where it is going. */
export function ReadToggle({ link, linkName }: { link: Link; linkName: string }) {
  const setRead = useSetRead();
  const read = setRead.isPending ? setRead.variables.read : link.readAt !== null;
  const label = read ? `Mark ${linkName} as unread` : `Mark ${linkName} as read`;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="size-9 px-0 text-muted-foreground"
      aria-label={label}
      title={read ? 'Read: mark as unread' : 'Unread: mark as read'}
      disabled={setRead.isPending}
      onClick={() =>
        setRead.mutate({ id: link.id, read: !read }, { onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to update the link' }) })
      }
    >
      {read ? <CircleCheck aria-hidden /> : <Circle aria-hidden />}
    </Button>
  );
}
