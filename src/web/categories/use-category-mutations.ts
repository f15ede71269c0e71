import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryItem } from '@shared/links-schemas';
import { track } from '@web/analytics/track';
import { apiRequest } from '@web/lib/api';
import { categoryQueryKeys } from './category-queries';

/** POST /api/categories (Pro and trial); a name taken in any case answers 409. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<CategoryItem>('POST', '/api/categories', { name }),
    onSuccess: () => track('category_create'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryQueryKeys.custom }),
  });
}

/** DELETE /api/categories/{id}; links keep the name as it was. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/categories/${encodeURIComponent(id)}`),
    onSuccess: () => {
      track('category_delete');
      return queryClient.invalidateQueries({ queryKey: categoryQueryKeys.custom });
    },
  });
}
