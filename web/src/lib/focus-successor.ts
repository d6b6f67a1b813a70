/**
 * Where focus goes when the control that had it leaves the page with the list entry it was in
 * (a confirm deleted the entry): the same control in the entry after it, else the one before
 * it, else the entry around it (a reply's comment), else `orElse`.
 */
export type FocusSuccessor = {
  /** Selector of a list entry: 'li', 'tr'. */
  item: string;
  /** Selector of the control to focus in another entry, e.g. its options button. */
  control: string;
  /** The last resort (a list's heading with tabIndex -1), looked up while `from` is still on the page. */
  orElse?: (from: HTMLElement) => HTMLElement | null | undefined;
};

/**
 * The candidates, best first, worked out while `from` is still on the page; whichever is still
 * there when focus needs a place is the one to use.
 */
export function successorCandidates(from: HTMLElement, successor: FocusSuccessor): HTMLElement[] {
  const entry = from.closest(successor.item);
  if (!entry) return compact([successor.orElse?.(from)]);
  const controlIn = (other: Element | null | undefined) =>
    other?.querySelector<HTMLElement>(successor.control) ?? null;
  const siblingEntry = (step: 'nextElementSibling' | 'previousElementSibling') => {
    let node = entry[step];
    while (node && !node.matches(successor.item)) node = node[step];
    return node;
  };
  return compact([
    controlIn(siblingEntry('nextElementSibling')),
    controlIn(siblingEntry('previousElementSibling')),
    controlIn(entry.parentElement?.closest(successor.item)),
    successor.orElse?.(from),
  ]);
}

/** The first candidate still on the page. */
export function firstConnected(candidates: readonly HTMLElement[]): HTMLElement | undefined {
  return candidates.find((candidate) => candidate.isConnected);
}

function compact(list: (HTMLElement | null | undefined)[]): HTMLElement[] {
  return list.filter((item): item is HTMLElement => item instanceof HTMLElement);
}
