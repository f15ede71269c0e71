import { releaseTypeLabels, type ReleaseType } from '@shared/releases';
import { Badge } from '@web/components/ui/badge';

const variants = { feature: 'default', improvement: 'muted', fix: 'outline' } as const;

export function ReleaseTypeBadge({ type }: { type: ReleaseType }) {
  return <Badge variant={variants[type]}>{releaseTypeLabels[type]}</Badge>;
}
