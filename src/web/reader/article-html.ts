/**
 * The readable copy's HTML as the reader shows it: each table inside a box that scrolls sideways,
 * and that box and each code block focusable, so a keyboard can scroll them too.
 */
export function prepareArticleHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const table of template.content.querySelectorAll('table')) {
    const box = document.createElement('div');
    box.className = 'reader-table';
    box.tabIndex = 0;
    table.replaceWith(box);
    box.append(table);
  }
  for (const pre of template.content.querySelectorAll('pre')) pre.tabIndex = 0;
  return template.innerHTML;
}
