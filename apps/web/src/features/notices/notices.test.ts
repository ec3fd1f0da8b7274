import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';
import { type NodeLike, safeUrl, sanitizeNodes } from './sanitize';

function el(name: string, attrs: Record<string, string> = {}, children: NodeLike[] = []): NodeLike {
  return {
    nodeType: 1,
    nodeName: name.toUpperCase(),
    nodeValue: null,
    childNodes: children,
    getAttribute: (n) => attrs[n] ?? null,
  };
}
const text = (value: string): NodeLike => ({
  nodeType: 3,
  nodeName: '#text',
  nodeValue: value,
  childNodes: [],
});
const body = (...children: NodeLike[]) => el('body', {}, children);

describe('sanitizeNodes', () => {
  it('keeps formatting tags and escapes text', () => {
    expect(sanitizeNodes(body(el('p', {}, [el('strong', {}, [text('Bônus <100%>')])])))).toBe(
      '<p><strong>Bônus &lt;100%&gt;</strong></p>',
    );
  });
  it('drops scripts, styles and iframes with their content', () => {
    const tree = body(
      el('script', {}, [text('alert(1)')]),
      el('style', {}, [text('*{}')]),
      el('iframe', { src: 'https://x' }),
      text('ok'),
    );
    expect(sanitizeNodes(tree)).toBe('ok');
  });
  it('strips event handlers and style, and unsafe link schemes', () => {
    const tree = body(
      el('a', { href: 'javascript:alert(1)', onclick: 'x' }, [text('bad')]),
      el('p', { style: 'color:red', onmouseover: 'x' }, [text('x')]),
    );
    expect(sanitizeNodes(tree)).toBe('<a>bad</a><p>x</p>');
  });
  it('keeps safe links, opening in a new tab without opener', () => {
    expect(sanitizeNodes(body(el('a', { href: 'https://sorte.example/promo' }, [text('promo')])))).toBe(
      '<a href="https://sorte.example/promo" target="_blank" rel="noopener noreferrer nofollow">promo</a>',
    );
  });
  it('unwraps unknown tags but keeps their text; drops images without a safe src', () => {
    expect(
      sanitizeNodes(body(el('marquee', {}, [text('hi')]), el('img', { src: 'data:image/png;base64,AA' }))),
    ).toBe('hi');
    expect(sanitizeNodes(body(el('img', { src: 'https://cdn/x.png', alt: 'x', width: '100"' })))).toBe(
      '<img src="https://cdn/x.png" alt="x">',
    );
  });
  it('escapes quotes in attribute values', () => {
    expect(safeUrl(' https://a.b/?q="x" ', false)).toBe('https://a.b/?q="x"');
    expect(sanitizeNodes(body(el('a', { href: 'https://a.b/?q="x"' }, [])))).toContain(
      'href="https://a.b/?q=&quot;x&quot;"',
    );
  });
});

describe('pageItems (pageRange 3, marginPages 1)', () => {
  it('lists every page when few', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('shows margins, a window around the current page and breaks', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 'break', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'break', 4, 5, 6, 'break', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'break', 8, 9, 10]);
  });
  it('fills a one-page gap instead of a break', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'break', 10]);
  });
  it('clamps the current page and handles no pages', () => {
    expect(pageItems(99, 6)).toEqual([1, 'break', 4, 5, 6]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});
