import { useMemo } from 'react';
import { accountLengths } from '@shared/auth-schemas';
import { FormField } from '@web/components/form-field';

/** Every zone this browser knows (plus UTC, which some list under Etc/ only), and the saved one. */
function zoneNames(saved: string): string[] {
  const names = new Set(['UTC', saved, ...Intl.supportedValuesOf('timeZone')]);
  return [...names].sort();
}

/** The browser's own time zone, the default for someone who has not chosen one. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
  /** The zone the server has now, offered in the list even when this browser spells it differently. */
  saved: string;
  error?: string;
}

/** A searchable list of IANA time zones: typing any part of a name ("Berlin", "America/") narrows it. */
export function TimeZoneField({ value, onChange, saved, error }: TimeZoneFieldProps) {
  const names = useMemo(() => zoneNames(saved), [saved]);
  const hint =
    value !== saved
      ? `Your digests are now scheduled in ${saved}. Save to use ${value || 'the zone you choose'}.`
      : 'Every time above is in this zone. Type a city or region to search.';
  return (
    <>
      <FormField
        label="Time zone"
        name="timezone"
        list="newsletter-time-zones"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        hint={hint}
        lengthRule={accountLengths.timezone}
        error={error}
      />
      <datalist id="newsletter-time-zones">
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
