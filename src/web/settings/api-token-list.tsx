import { format } from 'date-fns';
import { Spinner } from '@web/components/ui/spinner';
import { RevokeTokenButton } from './revoke-token-button';
import { useApiTokens } from './use-api-tokens';

/** The product's date format (docs/product/errors-and-limits.md, Constants and timers). */
const DATE_FORMAT = 'MMMM d, yyyy';

export function ApiTokenList() {
  const tokens = useApiTokens();

  if (tokens.isPending) return <Spinner label="Loading tokens..." />;
  if (tokens.isError)
    return <p className="text-sm text-muted-foreground">Your tokens could not be loaded. Reload the page to try again.</p>;
  if (tokens.data.length === 0) return <p className="text-sm text-muted-foreground">No API tokens yet.</p>;

  return (
    <ul aria-label="API tokens" className="divide-y divide-border rounded-md border border-border">
      {tokens.data.map((token) => (
        <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="grid gap-1">
            <span className="font-medium">{token.name}</span>
            <span className="text-sm text-muted-foreground">
              <code>{token.prefix}…</code> · Created {format(new Date(token.createdAt), DATE_FORMAT)} ·{' '}
              {token.lastUsedAt ? `Last used ${format(new Date(token.lastUsedAt), DATE_FORMAT)}` : 'Never used'}
            </span>
          </div>
          <RevokeTokenButton token={token} />
        </li>
      ))}
    </ul>
  );
}
