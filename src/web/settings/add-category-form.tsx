import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { linkLengths } from '@shared/link-lengths';
import { createCategoryBody } from '@shared/links-schemas';
import { useCreateCategory } from '@web/categories/use-category-mutations';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';

export function AddCategoryForm() {
  const createCategory = useCreateCategory();
  const form = useForm({ resolver: zodResolver(createCategoryBody), defaultValues: { name: '' } });

  const submit = form.handleSubmit(({ name }) =>
    createCategory.mutate(name, {
      onSuccess: (created) => {
        toast({ title: 'Category created!', description: `"${created.name}" category has been added.` });
        form.reset({ name: '' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to create category',
          description: serverMessage(error, 'An error occurred while creating the category.'),
        }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <FormField
          label="Category name"
          autoComplete="off"
          lengthRule={linkLengths.categoryName}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
      </div>
      <PendingButton type="submit" className="sm:mt-6" pending={createCategory.isPending} pendingLabel="Adding...">
        Add Category
      </PendingButton>
    </form>
  );
}
