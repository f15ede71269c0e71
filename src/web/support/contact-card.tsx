import { Mail } from 'lucide-react';
import { usePublicConfig } from '@web/analytics/public-config';
import { CopyButton } from '@web/components/copy-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

export function ContactCard() {
  const supportEmail = usePublicConfig()?.supportEmail;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Contact support</CardTitle>
        <CardDescription>Not answered below? Write to us and we will get back to you.</CardDescription>
      </CardHeader>
      {supportEmail && (
        <CardContent className="flex flex-wrap items-center gap-3">
          <a href={`mailto:${supportEmail}`} className="flex items-center gap-2 font-medium underline underline-offset-4">
            <Mail aria-hidden className="size-4" />
            {supportEmail}
          </a>
          <CopyButton text={supportEmail} label="Copy email" />
        </CardContent>
      )}
    </Card>
  );
}
