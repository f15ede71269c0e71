import { Check } from 'lucide-react';
import { badgeVariants } from '@web/components/ui/badge-variants';
import { ExtensionPreview } from './extension-preview';

const benefits = [
  'One-click saving from any website',
  'Automatic title and URL detection',
  'Nothing fancy: it saves the link and gets out of your way',
  'Build your newsletter as you browse',
  'Organise with categories',
];

export function ExtensionSection() {
  return (
    <section aria-labelledby="extension-heading" className="bg-muted/50 px-4 py-16">
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2">
        <div className="flex flex-col gap-5">
          <span className={`${badgeVariants({ variant: 'outline' })} self-start`}>Chrome Extension</span>
          <h2 id="extension-heading" className="text-3xl font-bold tracking-tight">
            Now Available!
          </h2>
          <ul className="grid gap-3">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-3">
                <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
        </div>
        <ExtensionPreview />
      </div>
    </section>
  );
}
