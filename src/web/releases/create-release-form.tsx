import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import {
  createReleaseBody,
  releaseLengths,
  releaseMessages,
  releaseTypeLabels,
  releaseTypes,
  type CreateReleaseBody,
} from '@shared/releases';
import { FormField, TextareaField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { selectClass } from '@web/components/ui/native-select';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useCreateRelease } from './use-releases';

const emptyRelease = { title: '', description: '', type: 'improvement', version: '', isPublished: false } as const;

/** The /admin/releases form (docs/product/admin.md, Release notes): title, description, type, version, 'Publish immediately'. */
export function CreateReleaseForm() {
  const createRelease = useCreateRelease();
  const form = useForm({ resolver: zodResolver(createReleaseBody), defaultValues: emptyRelease });
  const { errors } = form.formState;
  const ids = { type: useId(), publish: useId() };

  const submit = form.handleSubmit(
    (body) =>
      createRelease.mutate(body satisfies CreateReleaseBody, {
        onSuccess: (created) => {
          toast({
            title: releaseMessages.created.title,
            description: created.isPublished ? "It is live on What's New." : 'It was saved unpublished.',
          });
          form.reset(emptyRelease);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: releaseMessages.failed.title,
            description: serverMessage(error, releaseMessages.failed.text),
          }),
      }),
    (invalid) => toast({ variant: 'destructive', title: releaseMessages.required.title, description: firstMessage(invalid) }),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-8 grid max-w-2xl gap-5">
      <FormField label="Title" lengthRule={releaseLengths.title} error={errors.title?.message} {...form.register('title')} />
      <TextareaField
        label="Description"
        rows={6}
        lengthRule={releaseLengths.description}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={ids.type}>Type</Label>
          <select id={ids.type} className={selectClass} {...form.register('type')}>
            {releaseTypes.map((type) => (
              <option key={type} value={type}>
                {releaseTypeLabels[type]}
              </option>
            ))}
          </select>
        </div>
        <FormField
          label="Version (optional)"
          placeholder="1.4.0"
          lengthRule={releaseLengths.version}
          error={errors.version?.message}
          {...form.register('version')}
        />
      </div>
      <Controller
        control={form.control}
        name="isPublished"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Checkbox
              id={ids.publish}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
            <Label htmlFor={ids.publish}>Publish immediately</Label>
          </div>
        )}
      />
      <PendingButton type="submit" className="justify-self-start" pending={createRelease.isPending} pendingLabel="Creating...">
        Create release
      </PendingButton>
    </form>
  );
}

/** The product's toast text when the title or description is missing, else the first problem found. */
function firstMessage(invalid: FieldErrors<CreateReleaseBody>): string {
  const required = releaseMessages.required.text;
  if ([invalid.title?.message, invalid.description?.message].includes(required)) return required;
  return Object.values(invalid).find((error) => error?.message)?.message ?? required;
}
