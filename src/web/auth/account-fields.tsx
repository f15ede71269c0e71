import { useFormContext } from 'react-hook-form';
import { accountLengths } from '@shared/auth-schemas';
import { FormField } from '@web/components/form-field';

// The fields every account form asks for the same way. Each one registers itself with the form
// around it (react-hook-form's FormProvider) under the name the shared zod schema gives it.

type AccountFieldName = 'firstName' | 'lastName' | 'email' | 'password' | 'newPassword' | 'confirmPassword';

/** The input props of form field `name`: its registration and its validation message. */
function useAccountField(name: AccountFieldName) {
  const { register, formState } = useFormContext<Record<AccountFieldName, string>>();
  return { error: formState.errors[name]?.message, ...register(name) };
}

export function NameFields() {
  const firstName = useAccountField('firstName');
  const lastName = useAccountField('lastName');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="First name" autoComplete="given-name" lengthRule={accountLengths.name} {...firstName} />
      <FormField label="Last name" autoComplete="family-name" lengthRule={accountLengths.name} {...lastName} />
    </div>
  );
}

export function EmailField({ hint }: { hint?: string }) {
  const email = useAccountField('email');
  return <FormField label="Email" type="email" autoComplete="email" hint={hint} {...email} />;
}

function NewPasswordField({ name, label }: { name: 'password' | 'newPassword'; label: string }) {
  const password = useAccountField(name);
  return (
    <FormField
      label={label}
      type="password"
      autoComplete="new-password"
      hint="At least 8 characters"
      lengthRule={accountLengths.password}
      {...password}
    />
  );
}

/** Name, e-mail and password of an account being created. */
export function NewAccountFields() {
  return (
    <>
      <NameFields />
      <EmailField />
      <NewPasswordField name="password" label="Password" />
    </>
  );
}

/** A new password and its confirmation (`confirmPassword`), for a reset or a change. */
export function NewPasswordFields({ name }: { name: 'password' | 'newPassword' }) {
  const confirmation = useAccountField('confirmPassword');
  return (
    <>
      <NewPasswordField name={name} label="New password" />
      <FormField label="Confirm new password" type="password" autoComplete="new-password" {...confirmation} />
    </>
  );
}
