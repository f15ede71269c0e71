import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { testEmailBody, type TestEmailBody } from '@shared/digest-schemas';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { answer, api } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';

/** The /email-test form (docs/product/admin.md, Test e-mail): one address (the user's own, or any for an administrator). */
export function TestEmailForm({ email }: { email: string }) {
  const send = useMutation({
    mutationFn: (body: TestEmailBody) => answer(api.POST('/api/test/email', { body })),
  });
  const form = useForm({ resolver: zodResolver(testEmailBody), defaultValues: { email } });

  const submit = form.handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: (answer) => toast({ title: 'Email sent!', description: answer.message }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error sending email',
          description: serverMessage(error, 'There was a problem sending the test email. Please try again.'),
        }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-6 grid max-w-md gap-4">
      <FormField label="Email" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
      <PendingButton type="submit" className="justify-self-start" pending={send.isPending} pendingLabel="Sending...">
        Send Test Email
      </PendingButton>
    </form>
  );
}
