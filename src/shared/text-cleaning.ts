/*
 * Every free-text field of the API goes through one of these (text.ts wraps them in schemas; an
 * import's worker thread calls them without loading zod), so no input can carry what
 * PostgreSQL text cannot hold (NUL), what breaks a mail header or a log line (line breaks in a
 * name), or half of a UTF-16 pair. Control characters are stripped rather than refused: they come
 * from pasting, and the person means the text around them.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const LINE_BREAKING_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** The same but for tab, line feed and carriage return, which several-line text keeps. */
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export const wellFormed = (value: string) => value.replace(LONE_SURROGATE, '\uFFFD');

/** One line: control characters and line breaks become a space; trimmed. */
export const toOneLine = (value: string) => wellFormed(value).replace(LINE_BREAKING_OR_CONTROL, ' ').trim();

/** Several lines: tabs and line breaks stay, other control characters go; trimmed. */
export const toMultiLine = (value: string) => wellFormed(value).replace(CONTROL_EXCEPT_LINES, '').trim();
