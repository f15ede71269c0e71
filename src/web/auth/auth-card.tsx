import { useEffect, useRef, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { usePageTitle } from '@web/lib/use-page-title';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** Move focus to the title when the card appears, so a screen reader announces the new form. */
  focusTitle?: boolean;
  children?: ReactNode;
}

/** The centred card of the account pages; its title is the page's h1 and the tab's title. */
export function AuthCard({ title, description, focusTitle = false, children }: AuthCardProps) {
  usePageTitle(title);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle level={1} ref={titleRef} tabIndex={-1}>
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent className="grid gap-4">{children}</CardContent>}
      </Card>
    </div>
  );
}
