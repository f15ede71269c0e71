import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { importMessages, type ImportAnswer, type ImportSource } from '@shared/portability';
import { categoryQueryKeys } from '@web/categories/category-queries';
import { refreshLinkData } from '@web/links/link-queries';
import { toast } from '@web/toasts/use-toast';

/** The import states (docs/product/imports-exports.md): the file going up, the server at work, then the outcome. */
export type ImportState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing' }
  | { phase: 'done'; answer: ImportAnswer }
  | { phase: 'failed'; message: string };

/**
 * POST /api/import/{source} as multipart, through XMLHttpRequest: fetch cannot report upload
 * progress. On success every list, count and category of links is refreshed.
 */
export function useImportUpload() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  const fail = useCallback((message: string) => {
    setState({ phase: 'failed', message });
    toast({ title: importMessages.failed.title, description: importMessages.failed.text, variant: 'destructive' });
  }, []);

  const start = useCallback(
    (source: ImportSource, file: File) => {
      const xhr = new XMLHttpRequest();
      request.current = xhr;
      xhr.open('POST', `/api/import/${source}`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) setState({ phase: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
      };
      xhr.upload.onload = () => setState({ phase: 'processing' });
      xhr.onerror = () => fail(importMessages.failed.text);
      xhr.onload = () => {
        const body = readJson(xhr.responseText);
        if (xhr.status !== 200 || !body || typeof body.imported !== 'number') {
          return fail(typeof body?.message === 'string' ? body.message : importMessages.failed.text);
        }
        const answer = body as ImportAnswer;
        setState({ phase: 'done', answer });
        toast({ title: importMessages.completed, description: answer.message });
        void refreshLinkData(queryClient);
        void queryClient.invalidateQueries({ queryKey: categoryQueryKeys.custom });
      };
      const form = new FormData();
      form.append('file', file, file.name);
      setState({ phase: 'uploading', percent: 0 });
      xhr.send(form);
    },
    [fail, queryClient],
  );

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, fail, reset };
}

function readJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
