import { Bookmark } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@shared/routes';

export function BrandLink() {
  return (
    <Link href={paths.home} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight">
      <Bookmark aria-hidden className="size-6 fill-primary text-primary" />
      Stash
    </Link>
  );
}
