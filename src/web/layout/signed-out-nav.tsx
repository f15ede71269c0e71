import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { Button } from '@web/components/ui/button';
import { ExtensionLink } from './extension-link';

export function SignedOutNav() {
  return (
    <nav aria-label="Main" className="ml-auto flex items-center gap-2">
      <ExtensionLink />
      <Button asChild size="sm">
        <Link href={`${paths.auth}?mode=login`}>Log in</Link>
      </Button>
    </nav>
  );
}
