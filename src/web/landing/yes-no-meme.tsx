import { ThumbsDown, ThumbsUp, type LucideIcon } from 'lucide-react';

const panels: { verdict: string; text: string; icon: LucideIcon; tone: string }[] = [
  { verdict: 'No', text: "Keeping 200 tabs open to read 'later'", icon: ThumbsDown, tone: 'text-destructive' },
  { verdict: 'Yes', text: 'Getting them back as your own newsletter, at the hour you choose', icon: ThumbsUp, tone: 'text-primary' },
];

/** The two-panel "no / yes" meme, drawn with icons: what the ad contrasts. */
export function YesNoMeme() {
  return (
    <ul className="grid w-full max-w-xl overflow-hidden rounded-2xl border border-border">
      {panels.map(({ verdict, text, icon: Icon, tone }) => (
        <li key={verdict} className="grid grid-cols-[6rem_1fr] items-center border-b border-border last:border-b-0">
          <div className="flex h-full flex-col items-center justify-center gap-1 bg-muted p-4">
            <Icon aria-hidden className={`size-10 ${tone}`} />
            <span className="font-bold">{verdict}</span>
          </div>
          <p className="p-6 text-left text-lg font-semibold">{text}</p>
        </li>
      ))}
    </ul>
  );
}
