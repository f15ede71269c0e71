import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** A section whose actions cannot be undone gets a red border. */
  danger?: boolean;
  children: ReactNode;
}

/** One titled card of a settings tab. */
export function SettingsSection({ title, description, danger = false, children }: SettingsSectionProps) {
  return (
    <Card className={cn(danger && 'border-destructive')}>
      <CardHeader>
        <CardTitle className="text-xl">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
