/** The <option>s of a native select, one per choice: <select ...><Options choices={SEARCH_CATEGORIES} /></select> */
export function Options({ choices }: { choices: readonly { value: string | number; label: string }[] }) {
  return choices.map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ));
}
