import { CalendarClock, Gift, ListChecks, Tags } from 'lucide-react';

const highlights = [
  {
    icon: CalendarClock,
    title: 'Your newsletter, your schedule',
    text: 'Daily, on chosen weekdays, or several times a day, at the hours that suit you.',
  },
  {
    icon: ListChecks,
    title: 'Choose what goes in',
    text: 'Decide link by link which ones reach your digest, and send it now when you want it.',
  },
  { icon: Tags, title: 'Your own categories', text: 'Create categories beyond the ten defaults and sort your stash your way.' },
  { icon: Gift, title: 'A free month per friend', text: 'Invite friends to Stash: each one who joins gives you a month of Pro.' },
];

/** The pricing page's "More with Pro" section (docs/product/plans-and-billing.md, Pricing page). */
export function MoreWithPro() {
  return (
    <section aria-labelledby="more-with-pro" className="mt-16 grid gap-6">
      <h2 id="more-with-pro" className="text-2xl font-bold tracking-tight">
        More with Pro
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {highlights.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-lg border border-border p-5">
            <Icon aria-hidden className="size-6 shrink-0 text-primary" />
            <div className="grid gap-1">
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
