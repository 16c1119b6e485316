import { describe, expect, it } from 'vitest';

import { escapeHtml, jsonInScript } from './html';

describe('escapeHtml', () => {
  it('leaves no character that could end an attribute or open an element', () => {
    expect(escapeHtml(`"Big" <Brake> & 'Kit'`)).toBe(
      '&quot;Big&quot; &lt;Brake&gt; &amp; &#39;Kit&#39;',
    );
  });
});

describe('jsonInScript', () => {
  it('cannot close its script element, and reads back as the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const written = jsonInScript(value);
    expect(written).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(written)).toEqual(value);
  });
});
