import { useId, type ComponentProps } from 'react';
import { Input } from './ui/input';
import { Label } from './ui/label';

type FormFieldProps = ComponentProps<'input'> & {
  label: string;
  /** The validation message to show under the field (SPEC.md section 5's texts). */
  error?: string;
  hint?: string;
};

/** A labelled input whose hint and error are announced with it (aria-describedby, aria-invalid). */
export function FormField({ label, error, hint, id, ...inputProps }: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
