import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { breakable } from './breakable-text';

const html = (node: React.ReactNode) => render(<span>{node}</span>).container.innerHTML;

describe('breakable', () => {
  it('lets a long e-mail or URL wrap after "@" and "/" and before "."', () => {
    expect(html(breakable('manager@example.com'))).toBe('<span>manager@<wbr>example<wbr>.com</span>');
    expect(html(breakable('https://acme-media.example/a'))).toBe('<span>https://<wbr>acme-media<wbr>.example/<wbr>a</span>');
  });

  it('leaves short words, plain sentences and non-text nodes alone', () => {
    expect(breakable('a@b.co')).toBe('a@b.co');
    expect(breakable('A long sentence with many words in it')).toBe('A long sentence with many words in it');
    const el = <b>x</b>;
    expect(breakable(el)).toBe(el);
    expect(breakable(42)).toBe(42);
  });

  it('keeps the text itself unchanged', () => {
    const text = 'Write to accounts.payable@very-long-company.example today';
    expect(render(<span>{breakable(text)}</span>).container.textContent).toBe(text);
  });
});
