import type { CurrentUser } from '@shared/auth-schemas';
import { linkMessages } from '@shared/link-messages';
import type { Link } from '@shared/links-schemas';
import { userCan } from '@web/auth/user-can';
import { Switch } from '@web/components/ui/switch';
import { TooltipOnDemand } from '@web/components/ui/tooltip-on-demand';
import { toast } from '@web/toasts/use-toast';
import { useSetNewsletterInclusion } from './use-link-mutations';

/** A link's 'Include in newsletter' switch; locked, with the reason in a tooltip, without Pro or a trial. */
export function NewsletterToggle({ link, linkName, user }: { link: Link; linkName: string; user: CurrentUser }) {
  const setInclusion = useSetNewsletterInclusion();
  const label = `Include ${linkName} in newsletter`;

  if (!userCan(user, 'toggleNewsletterInclusion')) {
    return (
      <TooltipOnDemand
        content={
          <>
            <p className="font-semibold">{linkMessages.newsletterProFeature.title}</p>
            <p>{linkMessages.newsletterProFeature.text}</p>
          </>
        }
      >
        {/* A disabled switch gets no pointer or focus events, so the tooltip hangs on a wrapper. */}
        <span tabIndex={0} className="inline-flex h-fit cursor-not-allowed rounded-full">
          <Switch checked={link.includeInNewsletter} disabled aria-label={label} className="pointer-events-none" />
        </span>
      </TooltipOnDemand>
    );
  }

  // While the change is on its way (and the lists refresh), the switch shows where it is going.
  const checked = setInclusion.isPending ? setInclusion.variables.includeInNewsletter : link.includeInNewsletter;
  return (
    <Switch
      checked={checked}
      aria-label={label}
      disabled={setInclusion.isPending}
      onCheckedChange={(includeInNewsletter) =>
        setInclusion.mutate(
          { id: link.id, includeInNewsletter },
          { onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to update newsletter status' }) },
        )
      }
    />
  );
}
