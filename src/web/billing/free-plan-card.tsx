import type { ReactNode } from 'react';
import { CURRENCY } from '@shared/plans';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { FeatureList } from './feature-list';
import { freeFeatures } from './plan-features';

export function FreePlanCard({ action }: { action: ReactNode }) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>Free</CardTitle>
        <p className="flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight">0</span>
          <span className="text-muted-foreground">{CURRENCY}</span>
        </p>
        <p className="text-sm text-muted-foreground">For a few links a week.</p>
      </CardHeader>
      <CardContent className="flex-1">
        <FeatureList features={freeFeatures} />
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}
