import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';

interface NewsletterChoiceProps {
  /** Pro and active trials choose; everyone else's links all go into the newsletter. */
  canChoose: boolean;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Someone who has not saved a link yet sees the switch marked 'New!'. */
  isFirstLink: boolean;
}

export function NewsletterChoice({ canChoose, checked, onCheckedChange, isFirstLink }: NewsletterChoiceProps) {
  if (!canChoose) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-dashed border-border p-3 text-sm">
        <span>Every link goes into your newsletter. Choosing which ones is a Pro feature.</span>
        <Button asChild size="sm" variant="outline">
          <Link href={paths.pricing}>Upgrade</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3">
      <Switch id="include-in-newsletter" checked={checked} onCheckedChange={onCheckedChange} />
      <Label htmlFor="include-in-newsletter">Include in newsletter</Label>
      {isFirstLink && <Badge className="border-transparent bg-amber-200 text-amber-950">New!</Badge>}
    </div>
  );
}
