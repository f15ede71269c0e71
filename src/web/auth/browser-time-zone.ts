import { timezoneField } from '@shared/auth-schemas';

/**
 * The browser's IANA time zone, so digests arrive at the hour the person picks. Left out when the
 * browser reports something the server would refuse; the account then starts on UTC.
 */
export function browserTimeZone(): string | undefined {
  const parsed = timezoneField.safeParse(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return parsed.success ? parsed.data : undefined;
}
