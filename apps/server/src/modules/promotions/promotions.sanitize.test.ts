import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { safeLinkHref, sanitizeRichText as clean } from './promotions.sanitize.ts';

const IMG = '/wps/promotions/images/0b6f3c1e-4a55-4b8e-9d7a-0c2f6e1a9b10';

describe('the promotion body sanitizer', () => {
  test('keeps the allowed structure: paragraphs, headings, lists, bold/italic, links, our images', () => {
    const body =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <b>b</b>, <em>em</em> and <i>i</i>.<br>Next line</p>' +
      '<ul><li>one</li><li>two<ol><li>nested</li></ol></li></ul>' +
      `<p><a href="https://example.com/a?b=1&amp;c=2">link</a> <img src="${IMG}" alt="A &quot;cover&quot;"></p>`;
    expect(clean(body)).toBe(
      '<h2>Title</h2><p>Some <strong>bold</strong>, <strong>b</strong>, <em>em</em> and <em>i</em>.<br>Next line</p>' +
        '<ul><li>one</li><li>two<ol><li>nested</li></ol></li></ul>' +
        '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">link</a> ' +
        `<img src="${IMG}" alt="A &quot;cover&quot;"></p>`,
    );
  });

  test('script, style and embedded documents go with their content', () => {
    expect(clean('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(clean('<script src="https://evil.test/x.js"></script><p>ok</p>')).toBe('<p>ok</p>');
    expect(clean('<SCRIPT>alert(1)</SCRIPT >x')).toBe('x');
    // Raw text runs to the real end tag: `</scr" + "ipt>` inside it ends nothing.
    expect(clean('<script>document.write("</scr" + "ipt>")</script>y')).toBe('y');
    expect(clean('<style>body{display:none}</style><p>x</p>')).toBe('<p>x</p>');
    expect(clean('<iframe src="https://evil.test"></iframe><p>x</p>')).toBe('<p>x</p>');
    expect(clean('<svg><script>alert(1)</script><a href="https://x.test">s</a></svg>t')).toBe('t');
    expect(clean('<math><mi xlink:href="javascript:alert(1)">m</mi></math>t')).toBe('t');
    expect(clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>')).not.toMatch(
      /<img|onerror=/,
    );
    expect(clean('<textarea><script>alert(1)</script></textarea>z')).toBe('z');
    // An unterminated script swallows the rest (as in a browser), never shows it as markup.
    expect(clean('<p>a</p><script>alert(1)')).toBe('<p>a</p>');
  });

  test('event handlers, styles, classes and ids are stripped from allowed elements', () => {
    expect(clean('<p onclick="alert(1)" style="color:red" class="x" id="y">t</p>')).toBe('<p>t</p>');
    expect(clean(`<img src="${IMG}" onerror="alert(1)" alt="a">`)).toBe(`<img src="${IMG}" alt="a">`);
    expect(clean('<a href="https://ok.test" onmouseover=alert(1) style=x>k</a>')).toBe(
      '<a href="https://ok.test/" rel="noopener noreferrer" target="_blank">k</a>',
    );
    expect(clean('<p/onclick=alert(1)>t</p>')).toBe('<p>t</p>');
    expect(clean('<strong style="background:url(javascript:alert(1))">s</strong>')).toBe(
      '<strong>s</strong>',
    );
  });

  test('javascript:, data:, vbscript: and relative links are dropped (their text stays)', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x61;script:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/relative',
      '//evil.test/x',
      'https://user:pass@evil.test/',
      'ftp://files.test/',
      'mailto:a@b.test',
    ])
      expect(clean(`<p><a href="${href}">t</a></p>`), href).toBe('<p>t</p>');
    expect(safeLinkHref('https://ok.test/path?q=1#h')).toBe('https://ok.test/path?q=1#h');
    expect(safeLinkHref('HTTP://OK.TEST')).toBe('http://ok.test/');
  });

  test('images only from our store', () => {
    for (const src of [
      'https://evil.test/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/wps/promotions/images/../../x',
      `${IMG}?x=1`,
      `//evil.test${IMG}`,
      '/assets-brand/logo.svg',
    ])
      expect(clean(`<p><img src="${src}" alt="x">t</p>`), src).toBe('<p>t</p>');
  });

  test('text is escaped, comments and doctypes vanish, stray and unclosed tags are balanced', () => {
    expect(clean('<p>1 < 2 & 3 > 2 "q" \'s\'</p>')).toBe(
      '<p>1 &lt; 2 &amp; 3 &gt; 2 &quot;q&quot; &#39;s&#39;</p>',
    );
    expect(clean('<!DOCTYPE html><!-- <script>x</script> --><p>t</p>')).toBe('<p>t</p>');
    expect(clean('<p><strong>open')).toBe('<p><strong>open</strong></p>');
    expect(clean('</p></strong>text</div>')).toBe('text');
    expect(clean('<div><span>kept text</span></div>')).toBe('kept text');
    expect(clean('<li>orphan</li>')).toBe('orphan');
    expect(clean('<strong><p>in</p></strong>')).toBe('<strong>in</strong>');
    expect(clean('<a href="https://a.test"><a href="https://b.test">x</a></a>')).toBe(
      '<a href="https://a.test/" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(clean('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(clean('<p>a</p><p')).toBe('<p>a</p>');
    expect(clean('<p>x\u0000y</p>')).toBe('<p>xy</p>');
    expect(clean('<p>&#0;&#xD800;&#x110000;</p>')).toBe('<p>\ufffd\ufffd\ufffd</p>');
  });

  test('deep nesting is bounded', () => {
    const deep = `${'<ul><li>'.repeat(500)}x${'</li></ul>'.repeat(500)}`;
    const out = clean(deep);
    expect((out.match(/<ul>/g) ?? []).length).toBeLessThanOrEqual(8);
    expect(out).toContain('x');
  });

  test('any input: the output is a fixed point, has no handler, script, style or foreign address', () => {
    const pieces = fc.constantFrom(
      '<p>',
      '</p>',
      '<script>',
      '</script>',
      '<style>',
      '<a href="javascript:x">',
      '<a href="https://ok.test">',
      '</a>',
      `<img src="${IMG}">`,
      '<img src=x onerror=alert(1)>',
      '<ul>',
      '<li>',
      '</ul>',
      '<!--',
      '-->',
      '<svg>',
      '"',
      "'",
      '&amp;',
      '&#60;',
      '<',
      '>',
      'text',
      ' onload=',
      'style=',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const out = clean(parts.join(''));
        expect(clean(out)).toBe(out);
        // Markup only in the allowed tags (checked one by one below); everything else is escaped text.
        expect(out).not.toMatch(/<script|<style|<svg|<!--/i);
        for (const tag of out.match(/<[^>]*>/g) ?? [])
          expect(tag).toMatch(
            /^<\/?(p|h2|h3|h4|ul|ol|li|strong|em|br)>$|^<\/a>$|^<a href="https?:\/\/[^"]*" rel="noopener noreferrer" target="_blank">$|^<img src="\/wps\/promotions\/images\/[0-9a-f-]{36}" alt="[^"<>]*">$/,
          );
      }),
      { numRuns: 400 },
    );
  });
});
