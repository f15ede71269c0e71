/**
 * A length rule of a text field: its limit and the message past it. The schemas check with it and
 * the web app's forms count against it, so the counter and the error say the same thing.
 */
export interface LengthRule {
  max: number;
  message: string;
}

/** Near the limit (its last tenth) a form shows how many characters are used. */
export function isNearLimit(length: number, rule: LengthRule): boolean {
  return length >= Math.floor(rule.max * 0.9);
}
