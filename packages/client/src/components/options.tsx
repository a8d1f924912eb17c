import type { ReactNode } from 'react';

/**
 * The `<option>`s of a select or a datalist, one for each item of a list: its value (the item itself by default)
 * and the text shown for it (none in a datalist). Both apps draw every list of choices with it.
 */
export function Options<T>({
  of,
  value = String,
  label,
}: {
  of: readonly T[];
  value?: (item: T) => string | number;
  label?: (item: T) => ReactNode;
}) {
  return of.map((item) => {
    const v = value(item);
    return (
      <option key={v} value={v}>
        {label?.(item)}
      </option>
    );
  });
}
