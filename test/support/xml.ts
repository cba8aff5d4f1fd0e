// XML 1.0 Char: tab, newline, carriage return, and the rest of Unicode but surrogates (paired ones
// are one character), U+FFFE and U+FFFF.
const notXmlChar = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\ud800-\udfff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const reference = '&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);';
const name = '[A-Za-z_:][-A-Za-z0-9_:.]*';
const declaration = /^<\?xml[^?]*\?>\s*/;
const text = new RegExp(`(?:[^<&]|${reference})*`, 'y');
const tag = new RegExp(`<(/?)(${name})((?:\\s+${name}\\s*=\\s*"(?:[^<&"]|${reference})*")*)\\s*(/?)>`, 'y');
const attribute = new RegExp(`(${name})\\s*=\\s*"[^"]*"`, 'g');

/**
 * Whether a text is well-formed XML of the kind the report writers produce (a declaration, elements
 * with double-quoted attributes, text, references; no comments, CDATA or doctype). Enough to prove
 * that no control character or stray `&`/`<` got into junit.xml, without an XML parser dependency.
 */
export function isWellFormedXml(xml: string): boolean {
  if (notXmlChar.test(xml)) return false;
  let at = declaration.exec(xml)?.[0].length ?? 0;
  const open: string[] = [];
  let roots = 0;
  while (at < xml.length) {
    text.lastIndex = at;
    const content = text.exec(xml)![0];
    if (content.includes(']]>') || (open.length === 0 && content.trim() !== '')) return false;
    at += content.length;
    if (at >= xml.length) break;
    tag.lastIndex = at;
    const match = tag.exec(xml);
    if (!match) return false;
    const [whole, closing, element, attributes, selfClosing] = match;
    const names = [...attributes!.matchAll(attribute)].map((m) => m[1]);
    if (new Set(names).size !== names.length) return false;
    if (closing) {
      if (attributes || selfClosing || open.pop() !== element) return false;
    } else {
      if (open.length === 0) roots += 1;
      if (!selfClosing) open.push(element!);
    }
    at += whole.length;
  }
  return open.length === 0 && roots === 1;
}
