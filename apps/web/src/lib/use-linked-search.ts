import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's filter value that a link can set: `?<name>=` fills it when the screen opens, and
 * again when another link changes it while the screen is open (the navbar search leads to a
 * product this way, the profit dialog to the pending orders); the user changes it as usual.
 */
export function useLinkedParam(
  name: string,
  /** Runs when a new link replaces the value, e.g. to go back to the first page of results. */
  onFollowLink?: () => void,
): [string, (value: string) => void] {
  const [searchParams] = useSearchParams();
  const linked = searchParams.get(name) ?? '';
  const [value, setValue] = useState(linked);
  const [followedLink, setFollowedLink] = useState(linked);
  // Adjusted during render (React's pattern for state that follows a prop), not in an effect, so
  // the old value never shows for a frame.
  if (linked !== followedLink) {
    setFollowedLink(linked);
    setValue(linked);
    onFollowLink?.();
  }
  return [value, setValue];
}

/** The search text of a screen, linkable as `?search=`. */
export function useLinkedSearch(onFollowLink?: () => void): [string, (text: string) => void] {
  return useLinkedParam('search', onFollowLink);
}
