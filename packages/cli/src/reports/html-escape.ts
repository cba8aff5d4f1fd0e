import { safeText } from '../text/terminal.js';

/** A target's text as HTML text or attribute value: control and bidi characters written visibly (`\x1b`, `\u202e`), as on the terminal, then `&<>"'` escaped. */
export function escapeHtml(text: string): string {
  return safeText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
