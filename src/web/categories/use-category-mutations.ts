import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@web/analytics/track';
import { answer, api } from '@web/lib/api';
import { categoryQueryKeys } from './category-queries';

/** POST /api/categories (Pro and trial); a name taken in any case answers 409. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => answer(api.POST('/api/categories', { body: { name } })),
    onSuccess: () => track('category_create'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryQueryKeys.custom }),
  });
}

/** DELETE /api/categories/{id}; links keep the name as it was. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.DELETE('/api/categories/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      track('category_delete');
      return queryClient.invalidateQueries({ queryKey: categoryQueryKeys.custom });
    },
  });
}
