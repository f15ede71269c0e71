import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { lazySchema } from '@web/lib/lazy-schema';

/** The add-link form's own fields; categories and the newsletter choice are held beside them. */
const emptyLinkFields = { url: '', notes: '' };
type LinkFields = typeof emptyLinkFields;
type Field = keyof LinkFields;
/** What the server's rules make of them: the URL as it is stored (https:// added), notes maybe left out. */
interface CheckedLinkFields {
  url: string;
  notes?: string | null;
}

const fieldOrder: Field[] = ['url', 'notes'];

/**
 * The add-link form's URL and notes, checked by the server's rules (link-fields-schema.ts, loaded
 * when the form is first focused): at Save, which moves the focus to the first field with a problem,
 * and after a Save that found one at every change too, so that a problem goes as soon as it is
 * mended. The other forms do this with react-hook-form; the Stashboard's first load does without
 * its 14 KB (docs/product/overview.md, at most 150 KB).
 */
export function useLinkFields(localhostLinks: boolean, initial: Partial<LinkFields> = {}) {
  const schema = useMemo(
    () =>
      lazySchema<CheckedLinkFields, Field>(() =>
        import('./link-fields-schema').then(({ linkFieldsWith }) => linkFieldsWith(localhostLinks)),
      ),
    [localhostLinks],
  );
  const [values, setValues] = useState<LinkFields>({ url: initial.url ?? '', notes: initial.notes ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [checkEveryChange, setCheckEveryChange] = useState(false);
  const elements = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  // Only the latest check's problems are shown: an earlier one may answer after it.
  const latestCheck = useRef(0);

  const check = async (checked: LinkFields) => {
    const turn = ++latestCheck.current;
    const outcome = await schema.check(checked);
    if (turn === latestCheck.current) setErrors('errors' in outcome ? outcome.errors : {});
    return outcome;
  };

  /** The props that bind a field to its value, its problem and its element. */
  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      // A failed download is reported by the next Save.
      if (checkEveryChange) check(next).catch(() => {});
    },
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      elements.current[name] = element;
    },
  });

  /** The fields as the rules make them, or undefined once their problems are shown and the first focused. */
  const checkForSave = async (): Promise<CheckedLinkFields | undefined> => {
    setCheckEveryChange(true);
    const outcome = await check(values);
    if ('data' in outcome) return outcome.data;
    const firstWrong = fieldOrder.find((name) => outcome.errors[name]);
    if (firstWrong) elements.current[firstWrong]?.focus();
    return undefined;
  };

  const reset = () => {
    latestCheck.current++;
    setValues(emptyLinkFields);
    setErrors({});
    setCheckEveryChange(false);
  };

  return { values, field, checkForSave, reset, preload: schema.preload };
}
