/**
 * Focuses the first field with an error in the order the form shows them. react-hook-form focuses the first
 * in the order the fields were registered, and a page registers its own fields before those of a child block
 * (AddressFields), so an empty address form focused its terms checkbox. Use with `shouldFocusError: false`
 * and as handleSubmit's second argument; `errors` is keyed by field name.
 */
export function focusFirstError(form: HTMLFormElement | null, errors: object) {
  const names = new Set(Object.keys(errors));
  for (const el of Array.from(form?.elements ?? [])) {
    const name = (el as HTMLInputElement).name;
    if (name && names.has(name)) {
      (el as HTMLElement).focus();
      return;
    }
  }
}
