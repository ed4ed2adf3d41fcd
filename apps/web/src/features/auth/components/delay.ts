import { useEffect, useRef } from 'react';

/** setTimeout that is cancelled when the screen unmounts (spec delays: 3 s, 2 s, 4 s). */
export function useDelay() {
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return (ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  };
}
