import { useQuery } from '@tanstack/react-query';
import { loadPublicConfig } from './load-public-config';

/** The install's public settings (load-public-config.ts), for a component; undefined until they are read, or if they cannot be. */
export function usePublicConfig() {
  return useQuery({ queryKey: ['/api/public/config'], queryFn: loadPublicConfig }).data ?? undefined;
}
