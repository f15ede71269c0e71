import { Check } from 'lucide-react';

export function FeatureList({ features }: { features: string[] }) {
  return (
    <ul className="grid gap-2 text-sm">
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
