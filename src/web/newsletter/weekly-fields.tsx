import { FREE_SCHEDULE } from '@shared/digest-schedule';
import { Label } from '@web/components/ui/label';
import { selectClass } from '@web/components/ui/native-select';
import { HourSelect } from './hour-select';
import { hourLabel, WEEKDAYS, type NewsletterFormValues } from './newsletter-form-values';
import { ProFeatureMark } from './pro-feature-mark';

interface WeeklyFieldsProps {
  values: NewsletterFormValues;
  onChange: (values: NewsletterFormValues) => void;
  /** Free accounts get Friday 9:00 and cannot pick another day or hour. */
  locked: boolean;
}

/** A weekly digest's one day and its hour. */
export function WeeklyFields({ values, onChange, locked }: WeeklyFieldsProps) {
  if (locked) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          Your digest arrives on {WEEKDAYS[FREE_SCHEDULE.days[0]]}s at {hourLabel(FREE_SCHEDULE.time)}.
        </span>
        <span className="text-muted-foreground">Choosing another day and time is a</span>
        <ProFeatureMark />
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-4">
      <div className="grid gap-2">
        <Label htmlFor="newsletter-weekly-day">Day</Label>
        <select
          id="newsletter-weekly-day"
          value={values.weeklyDay}
          onChange={(event) => onChange({ ...values, weeklyDay: Number(event.target.value) })}
          className={selectClass}
        >
          {WEEKDAYS.map((name, day) => (
            <option key={name} value={day}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="newsletter-weekly-hour">Time</Label>
        <HourSelect id="newsletter-weekly-hour" value={values.weeklyHour} onChange={(weeklyHour) => onChange({ ...values, weeklyHour })} />
      </div>
    </div>
  );
}
