/**
 * Cuts a keys text after its `max`-th non-empty line: an order of 3 units takes 3 keys, and a
 * fourth pasted by mistake would be a key given away. Returns the kept text and whether it cut.
 */
export function limitKeyLines(text: string, max: number): { text: string; cut: boolean } {
  const lines = text.split(/\r?\n/);
  let filled = 0;
  for (let index = 0; index < lines.length; index += 1) {
    if (lines[index]!.trim().length === 0) continue;
    filled += 1;
    if (filled === max) {
      const rest = lines.slice(index + 1);
      const cut = rest.some((line) => line.trim().length > 0);
      // Keep the newline being typed after the last key, so the caret does not jump back.
      return cut ? { text: lines.slice(0, index + 1).join('\n'), cut } : { text, cut };
    }
  }
  return { text, cut: false };
}
