import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paths } from '@shared/routes';
import { changeHistoryView, historyViewSearch, parseHistoryView, type HistoryView } from './history-view';

export type UpdateHistoryView = (change: Partial<HistoryView>, options?: { replace?: boolean }) => void;

/** My Stash's view from the URL, and a way to change it (a new history entry unless told to replace). */
export function useHistoryView(): [HistoryView, UpdateHistoryView] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const view = useMemo(() => parseHistoryView(search), [search]);
  const update = useCallback<UpdateHistoryView>(
    (change, options) => {
      const next = historyViewSearch(changeHistoryView(view, change));
      navigate(next ? `${paths.history}?${next}` : paths.history, options);
    },
    [view, navigate],
  );
  return [view, update];
}
