import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@web/toasts/use-toast';
import { Button } from './ui/button';

/** docs/product/public-site.md, Support: how long "Copied" shows after a copy. */
const COPIED_MS = 2000;

/** Copies `text` to the clipboard and says so for 2 s, on screen and to screen readers. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the text and copy it yourself.' }),
    );

  return (
    <>
      <Button type="button" variant="outline" onClick={copy}>
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied ? 'Copied' : label}
      </Button>
      <span role="status" className="sr-only">
        {copied ? 'Copied to the clipboard' : ''}
      </span>
    </>
  );
}
