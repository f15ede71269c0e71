import { Button } from '@web/components/ui/button';
import { readerThemes, TEXT_SIZES, type ReaderPreferences } from './reader-preferences';

interface ReaderToolbarProps {
  preferences: ReaderPreferences;
  change: (next: Partial<ReaderPreferences>) => void;
  /** Back to where the user came from; no Back button without it. */
  onBack?: () => void;
}

/** Back, text size, width and theme: in the reader's colours (reader.css), like everything in the reader. */
export function ReaderToolbar({ preferences, change, onBack }: ReaderToolbarProps) {
  const step = (by: number) =>
    change({ size: TEXT_SIZES[Math.min(TEXT_SIZES.length - 1, Math.max(0, TEXT_SIZES.indexOf(preferences.size) + by))] });
  return (
    <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-2 p-4 text-sm">
      {onBack && (
        <Button variant="outline" size="sm" onClick={onBack}>
          Back
        </Button>
      )}
      <span className="flex-1" />
      <Button variant="outline" size="sm" aria-label="Smaller text" onClick={() => step(-1)}>
        A−
      </Button>
      <Button variant="outline" size="sm" aria-label="Larger text" onClick={() => step(1)}>
        A+
      </Button>
      <Button variant="outline" size="sm" onClick={() => change({ width: preferences.width === 'narrow' ? 'wide' : 'narrow' })}>
        {preferences.width === 'narrow' ? 'Wider' : 'Narrower'}
      </Button>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons; a fieldset's min-content width would keep the toolbar from wrapping on a phone */}
      <div role="group" aria-label="Theme" className="flex gap-1">
        {readerThemes.map(({ value, label }) => (
          <Button
            key={value}
            variant={preferences.theme === value ? 'default' : 'outline'}
            size="sm"
            aria-pressed={preferences.theme === value}
            onClick={() => change({ theme: value })}
          >
            {label}
          </Button>
        ))}
      </div>
    </div>
  );
}
