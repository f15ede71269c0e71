import { Circle, CircleCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';

interface ReadToggleProps {
  linkName: string;
  /** Where the link is, or is going while a change is on its way. */
  read: boolean;
  pending: boolean;
  onToggle: () => void;
}

/** Marks a link read or unread again. */
export function ReadToggle({ linkName, read, pending, onToggle }: ReadToggleProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="size-9 px-0 text-muted-foreground"
      aria-label={read ? `Mark ${linkName} as unread` : `Mark ${linkName} as read`}
      title={read ? 'Read: mark as unread' : 'Unread: mark as read'}
      disabled={pending}
      onClick={onToggle}
    >
      {read ? <CircleCheck aria-hidden /> : <Circle aria-hidden />}
    </Button>
  );
}
