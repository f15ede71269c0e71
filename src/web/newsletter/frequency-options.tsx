import type { DigestFrequency } from '@shared/digest-schedule';
import { cn } from '@web/lib/cn';
import { FieldError } from './field-error';
import { ProFeatureMark } from './pro-feature-mark';

const options: { value: DigestFrequency; label: string; text: string; pro: boolean }[] = [
  { value: 'daily', label: 'Daily', text: 'Every day at the time you choose.', pro: true },
  { value: 'weekly', label: 'Weekly', text: 'One day a week.', pro: false },
  { value: 'custom', label: 'Custom', text: 'The days you choose, each at its own time, every few weeks or months.', pro: true },
  { value: 'none', label: 'None', text: 'No digests by email. Your links stay in your stash.', pro: false },
];

interface FrequencyOptionsProps {
  value: DigestFrequency;
  onChange: (frequency: DigestFrequency) => void;
  /** Free accounts and expired trials: daily and custom are locked. */
  locked: boolean;
  /** The weekly option's text for a free account ("Fridays at 9:00 AM"). */
  weeklyText?: string;
  error?: string;
}

/** The email frequency: daily, weekly, custom or none (docs/product/digests.md, Newsletter settings). */
export function FrequencyOptions({ value, onChange, locked, weeklyText, error }: FrequencyOptionsProps) {
  const errorId = 'newsletter-frequency-error';
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-sm font-medium">Email frequency</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const disabled = option.pro && locked;
          const id = `newsletter-frequency-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                disabled && 'cursor-not-allowed bg-muted/50',
              )}
            >
              <input
                id={id}
                type="radio"
                name="emailFrequency"
                value={option.value}
                checked={value === option.value}
                disabled={disabled}
                onChange={() => onChange(option.value)}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <span className="grid gap-1">
                <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {option.label}
                  {disabled && <ProFeatureMark />}
                </span>
                <span className="text-sm text-muted-foreground">{option.value === 'weekly' && weeklyText ? weeklyText : option.text}</span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
