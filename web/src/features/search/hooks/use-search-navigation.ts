import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { searchPath } from '../../../lib/search';

/**
 * Runs a search for the given text. Shared by the search box and, later, its suggestion list,
 * so both follow the same rule for blank input. Returns whether a search was started.
 */
export function useSearchNavigation(): (text: string) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (text: string) => {
      const path = searchPath(text);
      if (path === null) return false;
      void navigate(path);
      return true;
    },
    [navigate],
  );
}
