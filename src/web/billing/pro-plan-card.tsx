import type { ReactNode } from 'react';
import type { PlanInterval } from '@shared/plans';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { FeatureList } from './feature-list';
import { proFeatures } from './plan-features';
import { PlanPrice } from './plan-price';

export function ProPlanCard({ interval, action }: { interval: PlanInterval; action: ReactNode }) {
  return (
    <Card className="flex flex-col border-primary">
      <CardHeader>
        <CardTitle>Pro</CardTitle>
        <PlanPrice interval={interval} />
      </CardHeader>
      <CardContent className="flex-1">
        <FeatureList features={proFeatures} />
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}
