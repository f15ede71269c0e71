import type { ComponentProps } from 'react';
import { selectClass } from '@web/components/ui/native-select';
import { cn } from '@web/lib/cn';
import { hourLabel } from './newsletter-form-values';

type HourSelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange'> & {
  value: number;
  onChange: (hour: number) => void;
};

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** An hour of the day, 12:00 AM to 11:00 PM; a native select, so every keyboard and screen reader knows it. */
export function HourSelect({ value, onChange, className, ...props }: HourSelectProps) {
  return (
    <select value={value} onChange={(event) => onChange(Number(event.target.value))} className={cn(selectClass, className)} {...props}>
      {HOURS.map((hour) => (
        <option key={hour} value={hour}>
          {hourLabel(hour)}
        </option>
      ))}
    </select>
  );
}
