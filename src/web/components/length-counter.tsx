import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { isNearLimit, type LengthRule } from '@shared/length-rule';
import { cn } from '@web/lib/cn';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * How much of a length rule a field uses, shown in its last tenth, and the rule's message once
 * past it. The field itself never cuts the text (no maxLength): the user shortens it.
 */
export function LengthCounter({ id, length, rule }: { id: string; length: number; rule: LengthRule }) {
  if (!isNearLimit(length, rule)) return null;
  const over = length > rule.max;
  return (
    <p
      id={id}
      className={cn(
        'flex flex-wrap justify-between gap-x-3 text-xs',
        over ? 'font-medium text-red-700 dark:text-red-400' : 'text-muted-foreground',
      )}
    >
      {/* Announced when it appears, not at every key press. */}
      <span aria-live="polite">{over ? rule.message : ''}</span>
      <span>
        {count(length)} / {count(rule.max)}
        <span className="sr-only"> characters</span>
      </span>
    </p>
  );
}

/**
 * The length of an uncontrolled field's text (react-hook-form's register): from its input events,
 * and read again after every render, since a reset or a prefill changes it without an event.
 */
export function useFieldLength<T extends HTMLInputElement | HTMLTextAreaElement>() {
  const element = useRef<T | null>(null);
  const [length, setLength] = useState(0);
  useLayoutEffect(() => {
    const current = element.current?.value.length ?? 0;
    if (current !== length) setLength(current);
  });
  return { element, length, onInput: (event: FormEvent<T>) => setLength(event.currentTarget.value.length) };
}
