import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '@shared/auth-schemas';
import { FREE_SCHEDULE } from '@shared/digest-schedule';
import { digestSettingsMessages } from '@shared/digest-settings';
import { paths } from '@shared/routes';
import { userCan, userTier } from '@web/auth/user-can';
import { PendingButton } from '@web/components/pending-button';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { ApiError } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { CustomFields } from './custom-fields';
import { FieldError } from './field-error';
import { FrequencyOptions } from './frequency-options';
import { HourSelect } from './hour-select';
import {
  formErrorsFrom,
  formErrorsOf,
  formValuesFrom,
  hourLabel,
  settingsBodyFrom,
  WEEKDAYS,
  type NewsletterField,
  type NewsletterFormValues,
} from './newsletter-form-values';
import { TimeZoneField, browserTimeZone } from './time-zone-field';
import { useSaveDigestSettings } from './use-digest';
import { WeeklyFields } from './weekly-fields';

type FormErrors = Partial<Record<NewsletterField, string>>;

/** Settings → Newsletter's form: when digests arrive, in which zone, and whether opening a link marks it read. */
export function NewsletterSettingsForm({ user }: { user: CurrentUser }) {
  const tier = userTier(user);
  const locked = !userCan(user, 'chooseDigestSchedule');
  const [values, setValues] = useState(() => formValuesFrom(user, tier, browserTimeZone()));
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveDigestSettings();

  const change = (next: NewsletterFormValues) => {
    setValues(next);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = settingsBodyFrom(values, tier);
    const invalid = formErrorsOf(body);
    if (Object.keys(invalid).length > 0) return setErrors(invalid);
    save.mutate(body, {
      onSuccess: (updated) => {
        toast({
          title: digestSettingsMessages.saved,
          description: body.emailFrequency === 'none' ? 'Digests are off.' : 'Your digest schedule is saved.',
        });
        // What was saved, including a zone the browser would not have suggested.
        setValues({ ...formValuesFrom(updated, tier, browserTimeZone()), timezone: updated.timezone });
      },
      onError: (error) => {
        setErrors(formErrorsFrom(error instanceof ApiError ? error.body?.fields : undefined));
        toast({
          variant: 'destructive',
          title: 'Failed to update settings',
          description: serverMessage(error, 'An error occurred while updating your settings.'),
        });
      },
    });
  };

  const freeWeekly = `${WEEKDAYS[FREE_SCHEDULE.days[0]]}s at ${hourLabel(FREE_SCHEDULE.time)}.`;
  return (
    <form onSubmit={submit} noValidate aria-label="Newsletter settings" className="grid gap-6">
      <p className="text-sm">
        Digests go to <strong>{user.email}</strong>. To change that address, go to{' '}
        <Link href={`${paths.settings}?tab=profile`} className="underline underline-offset-4">
          Profile
        </Link>
        .
      </p>

      <FrequencyOptions
        value={values.frequency}
        onChange={(frequency) => change({ ...values, frequency })}
        locked={locked}
        weeklyText={locked ? freeWeekly : undefined}
        error={errors.frequency}
      />

      {values.frequency === 'daily' && (
        <div className="grid gap-2">
          <Label htmlFor="newsletter-daily-hour">Time</Label>
          <HourSelect
            id="newsletter-daily-hour"
            className="justify-self-start"
            value={values.dailyHour}
            onChange={(dailyHour) => change({ ...values, dailyHour })}
            aria-invalid={errors.hours ? true : undefined}
            aria-describedby={errors.hours ? 'newsletter-hours-error' : undefined}
          />
          <FieldError id="newsletter-hours-error" message={errors.hours} />
        </div>
      )}
      {values.frequency === 'weekly' && <WeeklyFields values={values} onChange={change} locked={locked} />}
      {values.frequency === 'custom' && (
        <CustomFields values={values} onChange={change} severalHoursADay={userCan(user, 'scheduleSeveralDigestsADay')} errors={errors} />
      )}

      <div className="max-w-sm">
        <TimeZoneField
          value={values.timezone}
          onChange={(timezone) => change({ ...values, timezone })}
          saved={user.timezone}
          error={errors.timezone}
        />
      </div>

      <div className="flex items-start gap-3">
        <Switch
          id="newsletter-track-reads"
          checked={values.trackReads}
          onCheckedChange={(trackReads) => change({ ...values, trackReads })}
        />
        <div className="grid gap-1">
          <Label htmlFor="newsletter-track-reads">Mark links as read when I open them from a digest</Label>
          <p className="text-xs text-muted-foreground">My Stash can then show only what you have not read yet.</p>
        </div>
      </div>

      <div className="flex items-start gap-3">
        <Switch id="newsletter-from-stash" checked={values.fromStash} onCheckedChange={(fromStash) => change({ ...values, fromStash })} />
        <div className="grid gap-1">
          <Label htmlFor="newsletter-from-stash">Include “From your stash”</Label>
          <p className="text-xs text-muted-foreground">
            Up to 3 unread links you saved a month or more ago, and any you snoozed from a digest.
          </p>
        </div>
      </div>

      <div className="flex items-start gap-3">
        <Switch
          id="newsletter-highlight"
          checked={values.highlightOfTheDay}
          disabled={!values.fromStash}
          onCheckedChange={(highlightOfTheDay) => change({ ...values, highlightOfTheDay })}
        />
        <div className="grid gap-1">
          <Label htmlFor="newsletter-highlight">Add a highlight of the day</Label>
          <p className="text-xs text-muted-foreground">
            One passage you highlighted, with your note, under “From your stash”. None comes back within 60 days.
          </p>
        </div>
      </div>

      <div className="flex items-start gap-3">
        <Switch
          id="newsletter-weekly-recap"
          checked={values.weeklyRecap}
          onCheckedChange={(weeklyRecap) => change({ ...values, weeklyRecap })}
        />
        <div className="grid gap-1">
          <Label htmlFor="newsletter-weekly-recap">Add a weekly recap</Label>
          <p className="text-xs text-muted-foreground">
            The first digest of each week says how many links you saved and read the week before.
          </p>
        </div>
      </div>

      <PendingButton type="submit" className="justify-self-start" pending={save.isPending} pendingLabel="Saving...">
        Save settings
      </PendingButton>
    </form>
  );
}
