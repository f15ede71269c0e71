import { Link } from 'wouter';
import { paths } from '@shared/routes';

/** On phones, where the landing page's Pocket banner is out of sight, the way in to the importer. */
export function PocketSwitchLink() {
  return (
    <p className="text-sm md:hidden">
      Coming from Pocket?{' '}
      <Link href={`${paths.settings}?tab=import-export`} className="font-medium underline underline-offset-4">
        Switch for free: import your links
      </Link>
    </p>
  );
}
