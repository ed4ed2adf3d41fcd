import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { breakable } from './breakable-text';

const html = (node: React.ReactNode) => render(<span>{node}</span>).container.innerHTML;

describe('breakable', () => {
  it('lets a long e-mail wrap after its "@" only, and a URL after "/" and before "."', () => {
    expect(html(breakable('manager@example.com'))).toBe('<span>manager@<wbr>example.com</span>');
    expect(html(breakable('accounts.payable@acme-media.example'))).toBe('<span>accounts.payable@<wbr>acme-media.example</span>');
    // A part longer than 20 characters may break before its dots as well, or it would widen the table.
    expect(html(breakable('accounts.payable.esbeh4c9b@northwind-international.example'))).toBe(
      '<span>accounts<wbr>.payable<wbr>.esbeh4c9b@<wbr>northwind-international<wbr>.example</span>',
    );
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
