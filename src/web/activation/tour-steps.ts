import { Inbox, LayoutDashboard, ListPlus, type LucideIcon, Mail, Puzzle } from 'lucide-react';

export interface TourStep {
  title: string;
  icon: LucideIcon;
  text: string;
  points: string[];
  /** Shows the button that opens where the extension comes from (the support page: no store lists it yet). */
  linksToExtensionGuide?: boolean;
}

/** The activation tour (docs/product/accounts.md, Activation tour), in order. */
export const tourSteps: TourStep[] = [
  {
    title: 'Your Stashboard',
    icon: LayoutDashboard,
    text: 'Your Stashboard is home: paste a link, add a note about why it matters, and see everything you saved today.',
    points: ['Paste any URL; https:// is added for you', 'Add up to 3 categories per link', "Today's links are listed below the form"],
  },
  {
    title: 'Newsletter Settings',
    icon: Mail,
    text: 'Your saved links come back as your own newsletter. Choose how often it arrives and at what time, in your time zone.',
    points: [
      'Daily, weekly or on your own schedule',
      'Pick the hour that suits your reading',
      'Change it any time in Settings → Newsletter',
    ],
  },
  {
    title: 'Chrome Extension',
    icon: Puzzle,
    text: 'Save the page you are reading in one click, without leaving it. The extension fills in the title and the address for you.',
    points: ['One click from any website', 'Title and URL detected automatically', 'Your links land straight on your Stashboard'],
    linksToExtensionGuide: true,
  },
  {
    title: 'My Stash',
    icon: Inbox,
    text: 'Everything you have ever saved, grouped by date. Filter by category to find that article from last month.',
    points: ['Browse by date', 'Filter by category or newsletter links', 'Delete what you no longer need'],
  },
  {
    title: 'Add links to your newsletter',
    icon: ListPlus,
    text: 'Every link you save goes into your next digest unless you switch it off, so the newsletter holds exactly what you want to read.',
    points: [
      "Use the 'Include in newsletter' switch when saving",
      'Toggle any saved link in or out later',
      'Start now: save your first link',
    ],
  },
];
