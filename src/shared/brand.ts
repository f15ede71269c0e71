/**
 * The web app's look (src/web/styles.css, light theme), for what the server renders on its own:
 * e-mails and the pages behind their links. Text colours meet 4.5:1 on white and on `page`.
 */
export const brand = {
  primary: '#15803d',
  primaryHover: '#166534',
  /** The primary colour on the dark theme's background. */
  primaryOnDark: '#4ade80',
  text: '#0f172a',
  muted: '#475569',
  border: '#e2e8f0',
  page: '#f1f5f9',
  /** Tailwind's sans stack, as the web app uses, with the fallbacks mail clients know. */
  fonts: 'ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
} as const;
