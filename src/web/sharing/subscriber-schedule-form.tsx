import { useId, useState } from 'react';
import { WEEKDAYS, type SharingOverview } from '@shared/sharing';
import { PendingButton } from '@web/components/pending-button';
import { Label } from '@web/components/ui/label';
import { selectClass } from '@web/components/ui/native-select';
import { serverMessage } from '@web/lib/server-message';
import { HourSelect } from '@web/newsletter/hour-select';
import { toast } from '@web/toasts/use-toast';
import { useSetSubscriberDigestSchedule } from './sharing-queries';

/** The weekday and hour, in the owner's zone, when every public category's subscribers get its new links. */
export function SubscriberScheduleForm({ schedule }: { schedule: SharingOverview['digestSchedule'] }) {
  const save = useSetSubscriberDigestSchedule();
  const [day, setDay] = useState(schedule.day);
  const [hour, setHour] = useState(schedule.hour);
  const ids = { day: useId(), hour: useId() };
  const changed = day !== schedule.day || hour !== schedule.hour;
  return (
    <form
      className="flex flex-wrap items-end gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { day, hour },
          {
            onSuccess: () => toast({ title: 'Schedule saved', description: 'Subscribers get the next e-mail on the new day.' }),
            onError: (error) =>
              toast({ variant: 'destructive', title: 'Could not save', description: serverMessage(error, 'Please try again.') }),
          },
        );
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={ids.day}>Day</Label>
        <select id={ids.day} value={day} onChange={(event) => setDay(Number(event.target.value))} className={selectClass}>
          {WEEKDAYS.map((name, index) => (
            <option key={name} value={index}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.hour}>Time ({schedule.timezone})</Label>
        <HourSelect id={ids.hour} value={hour} onChange={setHour} />
      </div>
      <PendingButton type="submit" variant="outline" disabled={!changed} pending={save.isPending} pendingLabel="Saving...">
        Save
      </PendingButton>
    </form>
  );
}
