/**
 * The promotion body's sanitizer: a strict allow-list, run on the server when a body is written, so
 * what is stored is what the site may render as HTML. It does not repair or keep anything it does
 * not know — it reads the input as a stream of text, tags and comments and writes a new document
 * from the allowed parts only:
 *
 * - elements: p, h2, h3, h4, ul, ol, li, strong (b), em (i), br, a, img — any other tag is dropped
 *   with its text kept, except the ones whose content is code or markup of its own (script, style,
 *   iframe, svg, …), dropped with everything inside;
 * - attributes: none, except `a href` (absolute http or https only; written back with
 *   rel="noopener noreferrer" and target="_blank") and `img src` + `alt` (src only an image of our
 *   own store, `/wps/promotions/images/<id>`). No style, no class, no event handler;
 * - text: entities decoded, then every `&`, `<`, `>`, `"`, `'` escaped again;
 * - structure: end tags close only what is open, everything open is closed at the end, and a block
 *   (p, heading, list) inside an inline element or an `li` outside a list is dropped as a tag.
 *
 * The same sanitizer runs on a body it already produced and gives it back unchanged.
 */

const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol']);
const INLINES = new Set(['strong', 'em', 'a']);
const RENAMED: Record<string, string> = { b: 'strong', i: 'em' };
/** Elements whose whole content goes with them (code, styles, embedded documents, foreign markup). */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
  'select',
  'frameset',
  'head',
]);
/** Elements whose content the HTML parser reads as raw text up to the matching end tag. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'iframe',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'noscript',
]);

export const PROMOTION_IMAGE_PATH =
  /^\/wps\/promotions\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes numeric and the common named entities; an unknown one stays as typed (and is escaped later). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});?/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      // NUL, surrogates and beyond Unicode become the replacement character, as in the HTML parser.
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Text as stored: entities decoded, control characters (not tab/newline) removed, then escaped. */
function cleanText(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return escapeHtml(decodeEntities(raw).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ''));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/** An absolute http(s) address, normalised; anything else (javascript:, data:, relative, broken) is null. */
export function safeLinkHref(raw: string): string | null {
  // Browsers drop tabs and newlines inside addresses and trim spaces and controls at the ends.
  const value = decodeEntities(raw)
    .replace(/[\t\n\r]/g, '')
    .replace(EDGE_CONTROLS, '');
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Only a picture of our own store, by its exact path. */
export function safeImageSrc(raw: string): string | null {
  const value = decodeEntities(raw).trim();
  return PROMOTION_IMAGE_PATH.test(value) ? value : null;
}

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'start'; name: string; attrs: Map<string, string>; selfClosing: boolean }
  | { kind: 'end'; name: string };

const TAG_NAME = /^[a-zA-Z][^\s/>\0]*/;

/** Splits HTML into text, start tags with attributes, and end tags; comments and doctypes vanish. */
export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const pushText = (text: string) => {
    if (text) tokens.push({ kind: 'text', text });
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      pushText(html.slice(i));
      break;
    }
    pushText(html.slice(i, lt));
    i = lt;
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const close = html.indexOf('>', i);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    const isEnd = html[i + 1] === '/';
    const nameMatch = TAG_NAME.exec(html.slice(i + (isEnd ? 2 : 1)));
    if (!nameMatch) {
      if (isEnd) {
        // `</>` or `</ 3>`: the HTML parser skips it (as a comment up to '>').
        const close = html.indexOf('>', i);
        i = close < 0 ? html.length : close + 1;
      } else {
        pushText('<');
        i += 1;
      }
      continue;
    }
    const name = nameMatch[0].toLowerCase();
    let j = i + (isEnd ? 2 : 1) + nameMatch[0].length;
    const attrs = new Map<string, string>();
    let selfClosing = false;
    let closed = false;
    while (j < html.length) {
      const c = html[j]!;
      if (c === '>') {
        closed = true;
        j += 1;
        break;
      }
      if (/\s/.test(c)) {
        j += 1;
        continue;
      }
      if (c === '/') {
        selfClosing = html[j + 1] === '>';
        j += 1;
        continue;
      }
      const attrName = /^[^\s/>=][^\s/>=]*/.exec(html.slice(j))?.[0] ?? c;
      j += attrName.length;
      while (j < html.length && /\s/.test(html[j]!)) j += 1;
      let value = '';
      if (html[j] === '=') {
        j += 1;
        while (j < html.length && /\s/.test(html[j]!)) j += 1;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, j + 1);
          value = html.slice(j + 1, end < 0 ? html.length : end);
          j = end < 0 ? html.length : end + 1;
        } else {
          const unquoted = /^[^\s>]*/.exec(html.slice(j))?.[0] ?? '';
          value = unquoted;
          j += unquoted.length;
        }
      }
      const key = attrName.toLowerCase();
      if (!attrs.has(key)) attrs.set(key, value);
    }
    // A tag cut off by the end of the input is dropped, as the HTML parser does.
    if (!closed) break;
    i = j;
    if (isEnd) {
      tokens.push({ kind: 'end', name });
      continue;
    }
    tokens.push({ kind: 'start', name, attrs, selfClosing });
    if (RAW_TEXT.has(name)) {
      // The content is raw text up to `</name`; it is never markup, so it goes as one text token.
      const rest = html.slice(i).toLowerCase();
      const end = rest.search(new RegExp(`</${name}[\\s/>]`));
      const stop = end < 0 ? html.length : i + end;
      pushText(html.slice(i, stop));
      i = stop;
    }
  }
  return tokens;
}

/**
 * The sanitized body (see the file's comment). `maxDepth` bounds nesting so a body of ten thousand
 * nested lists cannot become a document the browser chokes on.
 */
export function sanitizeRichText(html: string, maxDepth = 16): string {
  const out: string[] = [];
  /** Open allowed elements, innermost last. */
  const open: string[] = [];
  /** Inside a dropped-with-content element: its name and how deep it nests in itself. */
  let dropping: { name: string; depth: number } | null = null;

  const closeTo = (index: number) => {
    while (open.length > index) out.push(`</${open.pop()}>`);
  };
  const inList = () => {
    const top = open.at(-1);
    return top === 'ul' || top === 'ol';
  };
  const inInline = () => open.some((name) => INLINES.has(name));

  for (const token of tokenize(html)) {
    if (dropping) {
      if (token.kind === 'start' && token.name === dropping.name && !token.selfClosing) dropping.depth += 1;
      if (token.kind === 'end' && token.name === dropping.name && --dropping.depth === 0) dropping = null;
      continue;
    }
    if (token.kind === 'text') {
      // Text directly inside a list goes nowhere the browser would put it sensibly; drop it.
      if (inList()) continue;
      out.push(cleanText(token.text));
      continue;
    }
    const name = RENAMED[token.name] ?? token.name;
    if (token.kind === 'start') {
      if (DROPPED_WITH_CONTENT.has(name)) {
        if (!token.selfClosing) dropping = { name, depth: 1 };
        continue;
      }
      if (name === 'br') {
        if (!inList()) out.push('<br>');
        continue;
      }
      if (name === 'img') {
        const src = safeImageSrc(token.attrs.get('src') ?? '');
        if (src && !inList()) {
          const alt = cleanText(token.attrs.get('alt') ?? '');
          out.push(`<img src="${escapeHtml(src)}" alt="${alt}">`);
        }
        continue;
      }
      if (open.length >= maxDepth) continue;
      if (BLOCKS.has(name)) {
        if (inInline()) continue;
        // A new paragraph or heading ends an open one (as the HTML parser does); lists may nest in li.
        const blockAt = open.findIndex((n) => n === 'p' || n === 'h2' || n === 'h3' || n === 'h4');
        if (blockAt >= 0) closeTo(blockAt);
        if (inList()) continue;
        open.push(name);
        out.push(`<${name}>`);
        continue;
      }
      if (name === 'li') {
        if (!inList()) {
          // An li in an li ends the first (a sibling), as the HTML parser does.
          const li = open.lastIndexOf('li');
          const list = Math.max(open.lastIndexOf('ul'), open.lastIndexOf('ol'));
          if (li > list && list >= 0) closeTo(li);
          else continue;
        }
        open.push('li');
        out.push('<li>');
        continue;
      }
      if (name === 'a') {
        if (open.includes('a')) continue;
        const href = safeLinkHref(token.attrs.get('href') ?? '');
        if (!href || inList()) continue;
        open.push('a');
        out.push(`<a href="${escapeHtml(href)}" rel="noopener noreferrer" target="_blank">`);
        continue;
      }
      if (INLINES.has(name)) {
        if (inList()) continue;
        open.push(name);
        out.push(`<${name}>`);
      }
      continue;
    }
    // An end tag closes its element and everything opened inside it; one that matches nothing open is ignored.
    const at = open.lastIndexOf(name);
    if (at >= 0) closeTo(at);
  }
  closeTo(0);
  // Empty pairs left by dropped content (`<p></p>`, `<strong></strong>`) say nothing; remove them.
  let body = out.join('');
  for (let previous = ''; previous !== body; ) {
    previous = body;
    body = body.replace(/<(p|h2|h3|h4|strong|em|li|ul|ol)><\/\1>/g, '');
  }
  return body.trim();
}

/** The words of a sanitized body without its markup (a preview's length check, search). */
export function plainTextOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
