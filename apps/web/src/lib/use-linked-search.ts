import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's search text that a link can set: `?search=` fills it when the screen opens, and
 * again when another link changes it while the screen is open (the navbar search leads to a
 * product this way); typing changes it as usual.
 */
export function useLinkedSearch(
  /** Runs when a new link replaces the text, e.g. to go back to the first page of results. */
  onFollowLink?: () => void,
): [string, (text: string) => void] {
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('search') ?? '';
  const [text, setText] = useState(linked);
  const [followedLink, setFollowedLink] = useState(linked);
  // Adjusted during render (React's pattern for state that follows a prop), not in an effect, so
  // the old text never shows for a frame.
  if (linked !== followedLink) {
    setFollowedLink(linked);
    setText(linked);
    onFollowLink?.();
  }
  return [text, setText];
}
