import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { buttonVariants } from '@web/components/ui/button-variants';
import { ExtensionLink } from './extension-link';

export function SignedOutNav() {
  return (
    <nav aria-label="Main" className="ml-auto flex items-center gap-2">
      <ExtensionLink />
      <Link href={`${paths.auth}?mode=login`} className={buttonVariants({ size: 'sm' })}>
        Log in
      </Link>
    </nav>
  );
}
