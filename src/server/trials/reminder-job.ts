import { defineJob } from '../jobs/define';
import { sendTrialReminders } from './reminders';

/** Hourly: the trial reminders now due. */
export const trialReminderJob = defineJob({
  name: 'trials.remind',
  cron: '20 * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await sendTrialReminders(ctx, new Date());
  },
});
