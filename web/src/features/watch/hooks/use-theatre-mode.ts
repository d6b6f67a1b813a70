import { useCallback, useState } from 'react';

const KEY = 'vidshare.player.theatre';

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Theatre mode, remembered for the next video as YouTube does. */
export function useTheatreMode(): [boolean, () => void] {
  const [theatre, setTheatre] = useState(read);
  const toggle = useCallback(() => {
    setTheatre((previous) => {
      const next = !previous;
      try {
        window.localStorage.setItem(KEY, next ? '1' : '0');
      } catch {
        // Only remembering it is lost.
      }
      return next;
    });
  }, []);
  return [theatre, toggle];
}
