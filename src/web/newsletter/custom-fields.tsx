import { Plus, X } from 'lucide-react';
import { MAX_REPEAT_INTERVAL } from '@shared/digest-schedule';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { FieldError } from './field-error';
import { HourSelect } from './hour-select';
import {
  addCustomHour,
  hourLabel,
  removeCustomHour,
  setCustomHour,
  toggleCustomDay,
  WEEKDAYS,
  type NewsletterField,
  type NewsletterFormValues,
} from './newsletter-form-values';
import { selectClass } from '@web/components/ui/native-select';
import { ProFeatureMark } from './pro-feature-mark';

interface CustomFieldsProps {
  values: NewsletterFormValues;
  onChange: (values: NewsletterFormValues) => void;
  /** Pro accounts may give a day several hours ("multiple digests per day"). */
  severalHoursADay: boolean;
  errors: Partial<Record<NewsletterField, string>>;
}

const INTERVALS = Array.from({ length: MAX_REPEAT_INTERVAL }, (_, i) => i + 1);

/** A custom schedule: weekdays, each with its hour (or hours, on Pro), repeated every N weeks or months. */
export function CustomFields({ values, onChange, severalHoursADay, errors }: CustomFieldsProps) {
  const daysError = errors.days ?? errors.hours;
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-3" aria-describedby={daysError ? 'newsletter-days-error' : undefined}>
        <legend className="mb-3 text-sm font-medium">Days and times</legend>
        <ul className="grid gap-2">
          {WEEKDAYS.map((name, day) => {
            const hours = values.customHours[String(day)];
            const checkboxId = `newsletter-day-${day}`;
            return (
              <li key={name} className="flex min-h-10 flex-wrap items-center gap-3">
                <span className="flex w-32 items-center gap-2">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    checked={Boolean(hours)}
                    onChange={() => onChange(toggleCustomDay(values, day))}
                    className="size-4 accent-primary"
                  />
                  <Label htmlFor={checkboxId}>{name}</Label>
                </span>
                {hours?.map((hour, index) => (
                  <span key={index} className="flex items-center gap-1">
                    <HourSelect
                      aria-label={hours.length === 1 ? `${name} time` : `${name} time ${index + 1}`}
                      value={hour}
                      onChange={(next) => onChange(setCustomHour(values, day, index, next))}
                    />
                    {hours.length > 1 && (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${name} ${hourLabel(hour)}`}
                        onClick={() => onChange(removeCustomHour(values, day, index))}
                      >
                        <X aria-hidden />
                      </Button>
                    )}
                  </span>
                ))}
                {hours && severalHoursADay && hours.length < 24 && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Add a time on ${name}`}
                    onClick={() => onChange(addCustomHour(values, day))}
                  >
                    <Plus aria-hidden />
                    Add a time
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {!severalHoursADay && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            Several digests on one day <ProFeatureMark />
          </p>
        )}
        <FieldError id="newsletter-days-error" message={daysError} />
      </fieldset>

      <fieldset className="grid gap-3" aria-describedby={errors.repeat ? 'newsletter-repeat-error' : undefined}>
        <legend className="mb-3 text-sm font-medium">Repeat</legend>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Label htmlFor="newsletter-repeat-interval">Every</Label>
          <select
            id="newsletter-repeat-interval"
            value={values.repeatInterval}
            onChange={(event) => onChange({ ...values, repeatInterval: Number(event.target.value) })}
            className={selectClass}
          >
            {INTERVALS.map((interval) => (
              <option key={interval} value={interval}>
                {interval}
              </option>
            ))}
          </select>
          <select
            aria-label="Repeat unit"
            value={values.repeatUnit}
            onChange={(event) => onChange({ ...values, repeatUnit: event.target.value === 'month' ? 'month' : 'week' })}
            className={selectClass}
          >
            <option value="week">{values.repeatInterval === 1 ? 'week' : 'weeks'}</option>
            <option value="month">{values.repeatInterval === 1 ? 'month' : 'months'}</option>
          </select>
        </div>
        <p className="text-xs text-muted-foreground">
          {values.repeatUnit === 'month' ? 'In months sent, on the first of each chosen weekday.' : 'Weeks start on Sunday.'}
        </p>
        <FieldError id="newsletter-repeat-error" message={errors.repeat} />
      </fieldset>
    </div>
  );
}
