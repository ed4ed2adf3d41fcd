import { type EffectCallback, useEffect, useLayoutEffect, useRef } from 'react';

type Deps = readonly unknown[];

const same = (a: Deps | null, b: Deps) => a !== null && a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * `useEffect(effect, deps)` for effects that follow a query's answer. lib/use-query renders answers as
 * transitions, and React 19.1-19.3 can commit such a render with changed dependencies yet run none of the
 * component's effects that have a dependency list (react/react#34556, open). Seen on the locations screen:
 * about one reload in five showed the rows while the table's "rows shown" effect had not run, so the tone
 * sequences panel lost its location's name, and the page's ids for "select all" were those of the empty
 * first render. An effect without a list runs after every commit; this one compares the dependencies with
 * those of its last run itself, so it runs exactly when they changed, as useEffect is meant to.
 */
export function useChangeEffect(effect: EffectCallback, deps: Deps): void {
  useChange(useEffect, effect, deps);
}

/** The same for a layout effect (work that must land before the browser paints). */
export function useChangeLayoutEffect(effect: EffectCallback, deps: Deps): void {
  useChange(useLayoutEffect, effect, deps);
}

function useChange(hook: typeof useEffect, effect: EffectCallback, deps: Deps) {
  const ran = useRef<{ deps: Deps; cleanup: ReturnType<EffectCallback> } | null>(null);
  // Deliberately without a dependency list (see above): the dependencies are compared inside.
  hook(() => {
    if (same(ran.current?.deps ?? null, deps)) return;
    ran.current?.cleanup?.();
    ran.current = { deps, cleanup: effect() };
  });
  // The last run's cleanup on unmount.
  hook(
    () => () => {
      ran.current?.cleanup?.();
      ran.current = null;
    },
    [],
  );
}
