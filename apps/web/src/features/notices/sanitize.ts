/**
 * A tiny HTML sanitizer for announcement content. Parsing is left to the browser (DOMParser, which
 * never runs scripts); this walk keeps a small set of formatting tags and safe attributes and
 * serialises the result itself, so nothing the allow-list does not name can survive. The walk works
 * on a minimal node shape, so it is testable without a DOM.
 */
export interface NodeLike {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<NodeLike>;
  getAttribute?: (name: string) => string | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const MAX_DEPTH = 40;
const MAX_NODES = 5000;

/** Tags kept, with the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  small: [],
  span: [],
  div: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  hr: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: [],
  td: [],
};
/** Dropped together with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'head',
  'title',
]);
const VOID = new Set(['br', 'hr', 'img']);

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only web and mail links; images only from http(s). Anything else (javascript:, data:…) is dropped. */
export function safeUrl(value: string, forImage: boolean): string | null {
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (!forImage && /^mailto:/i.test(trimmed)) return trimmed;
  if (/^\/(?!\/)/.test(trimmed)) return trimmed; // same-site path
  return null;
}

function attributes(tag: string, node: NodeLike): string {
  const names = ALLOWED[tag] ?? [];
  let out = '';
  for (const name of names) {
    const raw = node.getAttribute?.(name);
    if (raw === null || raw === undefined) continue;
    let value: string | null = raw;
    if (name === 'href' || name === 'src') value = safeUrl(raw, name === 'src');
    if ((name === 'width' || name === 'height') && !/^\d{1,4}$/.test(raw)) value = null;
    if (value !== null) out += ` ${name}="${escapeHtml(value)}"`;
  }
  if (tag === 'a' && out.includes('href=')) out += ' target="_blank" rel="noopener noreferrer nofollow"';
  return out;
}

export function sanitizeNodes(root: NodeLike): string {
  let budget = MAX_NODES;
  const walk = (node: NodeLike, depth: number): string => {
    if (budget-- <= 0) return '';
    if (node.nodeType === TEXT_NODE) return escapeHtml(node.nodeValue ?? '');
    if (node.nodeType !== ELEMENT_NODE && node.nodeType !== 9 && node.nodeType !== 11) return '';
    const tag = node.nodeName.toLowerCase();
    if (DROPPED.has(tag)) return '';
    const inner =
      depth >= MAX_DEPTH ? '' : Array.from(node.childNodes, (child) => walk(child, depth + 1)).join('');
    if (node.nodeType !== ELEMENT_NODE || !(tag in ALLOWED)) return inner; // unknown wrappers: keep the text
    if (tag === 'img' && !attributes(tag, node).includes('src=')) return '';
    if (VOID.has(tag)) return `<${tag}${attributes(tag, node)}>`;
    return `<${tag}${attributes(tag, node)}>${inner}</${tag}>`;
  };
  return walk(root, 0);
}

/** Browser entry point: parse with DOMParser (inert document) and keep the allowed subset. */
export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return escapeHtml(html);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return sanitizeNodes(doc.body as unknown as NodeLike);
}
