import '@testing-library/jest-dom/vitest';
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useChangeEffect, useChangeLayoutEffect } from './use-change-effect';

afterEach(cleanup);

type Hook = typeof useChangeEffect;

function probe(hook: Hook) {
  const log: string[] = [];
  let setA!: (a: number) => void;
  let setB!: (b: string) => void;
  let rerender!: () => void;
  function Probe() {
    const [a, _setA] = useState(1);
    const [b, _setB] = useState('x');
    const [, setTick] = useState(0);
    setA = (v) => _setA(v);
    setB = (v) => _setB(v);
    rerender = () => setTick((n) => n + 1);
    hook(() => {
      log.push(`run ${a}`);
      return () => {
        log.push(`cleanup ${a}`);
      };
    }, [a]);
    return <span>{b}</span>;
  }
  return { log, Probe, set: { a: (v: number) => setA(v), b: (v: string) => setB(v), render: () => rerender() } };
}

describe.each([
  ['useChangeEffect', useChangeEffect],
  ['useChangeLayoutEffect', useChangeLayoutEffect],
])('%s', (_name, hook) => {
  it('runs on mount, again only when a dependency changes (after the last cleanup), and cleans up on unmount', () => {
    const { log, Probe, set } = probe(hook);
    const view = render(<Probe />);
    expect(log).toEqual(['run 1']);

    // Other state, same dependencies: not run again.
    act(() => set.b('y'));
    act(() => set.render());
    expect(log).toEqual(['run 1']);

    act(() => set.a(2));
    expect(log).toEqual(['run 1', 'cleanup 1', 'run 2']);
    // Object.is: the same value set again changes nothing.
    act(() => set.a(2));
    expect(log).toEqual(['run 1', 'cleanup 1', 'run 2']);

    view.unmount();
    expect(log).toEqual(['run 1', 'cleanup 1', 'run 2', 'cleanup 2']);
  });

  it("under StrictMode's mount, unmount, mount: runs, cleans up, runs again, as useEffect does", () => {
    const { log, Probe } = probe(hook);
    const view = render(
      <StrictMode>
        <Probe />
      </StrictMode>,
    );
    expect(log).toEqual(['run 1', 'cleanup 1', 'run 1']);
    view.unmount();
    expect(log.at(-1)).toBe('cleanup 1');
  });
});
