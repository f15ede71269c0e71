import { CalendarDays, Mail, Tags, Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { clickEvent } from '@web/analytics/marked-clicks';

interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

const features: Feature[] = [
  { title: 'Quick Stash', text: 'Paste a URL and add notes on why you want to read it. Saved in a second.', icon: Zap },
  {
    title: 'Personal Newsletter',
    text: 'Your saved links come back as an e-mail digest, daily or weekly, at the hour you choose.',
    icon: Mail,
  },
  { title: 'Link History', text: "Browse everything you've saved by date, and find any link again.", icon: CalendarDays },
  { title: 'Smart Categories', text: 'Unlimited categorisation and sorting, so every link lands where you will look for it.', icon: Tags },
];

/** The four feature cards; a whole card is a way to the free trial, and its click is recorded. */
export function FeatureCards() {
  return (
    <section aria-labelledby="features-heading" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
          Everything you need to read what you save
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ title, text, icon: Icon }) => (
            <li
              key={title}
              className="relative flex flex-col gap-3 rounded-lg border border-border p-6 shadow-sm focus-within:ring-2 focus-within:ring-ring hover:border-primary"
            >
              <Icon aria-hidden className="size-8 text-primary" />
              <h3 className="text-lg font-semibold">
                {/* The link's box covers the card (after:absolute), so the whole card is clickable. */}
                <Link
                  href={paths.signup}
                  {...clickEvent('feature_click', { feature: title })}
                  className="outline-none after:absolute after:inset-0 after:content-['']"
                >
                  {title}
                </Link>
              </h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
