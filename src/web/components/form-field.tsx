import { useId, type ComponentProps, type Ref } from 'react';
import { isNearLimit, type LengthRule } from '@shared/length-rule';
import { LengthCounter, useFieldLength } from './length-counter';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Textarea } from './ui/textarea';

interface FieldTexts {
  label: string;
  /** The validation message to show under the field (docs/product/errors-and-limits.md, Validation messages). */
  error?: string;
  hint?: string;
  /** The field's length rule: a counter near the limit, the rule's message past it. */
  lengthRule?: LengthRule;
}

type FormFieldProps = ComponentProps<'input'> & FieldTexts;
type TextareaFieldProps = ComponentProps<'textarea'> & FieldTexts;

/** A labelled input whose hint, error and length counter are announced with it (aria-describedby, aria-invalid). */
export function FormField({ label, error, hint, lengthRule, id, ref, ...inputProps }: FormFieldProps) {
  const field = useField<HTMLInputElement>({ id, error, hint, lengthRule, ref, value: inputProps.value });
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={field.inputId}>{label}</Label>
      <Input {...inputProps} {...field.controlProps} />
      <FieldNotes field={field} hint={hint} lengthRule={lengthRule} />
    </div>
  );
}

/** FormField for several lines of text. */
export function TextareaField({ label, error, hint, lengthRule, id, ref, ...textareaProps }: TextareaFieldProps) {
  const field = useField<HTMLTextAreaElement>({ id, error, hint, lengthRule, ref, value: textareaProps.value });
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={field.inputId}>{label}</Label>
      <Textarea {...textareaProps} {...field.controlProps} />
      <FieldNotes field={field} hint={hint} lengthRule={lengthRule} />
    </div>
  );
}

interface FieldSetup<T> {
  id?: string;
  error?: string;
  hint?: string;
  lengthRule?: LengthRule;
  ref?: Ref<T>;
  /** Set for a controlled field, whose length is then its value's. */
  value?: unknown;
}

function useField<T extends HTMLInputElement | HTMLTextAreaElement>({ id, error, hint, lengthRule, ref, value }: FieldSetup<T>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const ids = { hint: `${inputId}-hint`, error: `${inputId}-error`, counter: `${inputId}-counter` };
  const typed = useFieldLength<T>();
  const length = typeof value === 'string' ? value.length : typed.length;
  // Past the limit the counter says the rule's message: the same error under it would say it twice.
  const shownError = lengthRule && length > lengthRule.max && error === lengthRule.message ? undefined : error;
  const describedBy =
    [hint && ids.hint, shownError && ids.error, lengthRule && isNearLimit(length, lengthRule) && ids.counter].filter(Boolean).join(' ') ||
    undefined;
  const controlProps = {
    id: inputId,
    'aria-invalid': error || (lengthRule && length > lengthRule.max) ? true : undefined,
    'aria-describedby': describedBy,
    ref: (element: T | null) => {
      typed.element.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    onInput: typed.onInput,
  };
  return { inputId, ids, length, shownError, controlProps };
}

interface FieldState {
  ids: { hint: string; error: string; counter: string };
  length: number;
  shownError?: string;
}

function FieldNotes({ field, hint, lengthRule }: { field: FieldState; hint?: string; lengthRule?: LengthRule }) {
  return (
    <>
      {hint && (
        <p id={field.ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {lengthRule && <LengthCounter id={field.ids.counter} length={field.length} rule={lengthRule} />}
      {field.shownError && (
        <p id={field.ids.error} className="text-sm font-medium text-red-700 dark:text-red-400">
          {field.shownError}
        </p>
      )}
    </>
  );
}
