import type { UseFormRegisterReturn } from 'react-hook-form';

/** A filter form's two days in Japan time (from, to; both included), as the list's query takes them. */
export function DayRangeFields({
  register,
  labels,
}: {
  register: (name: 'from' | 'to') => UseFormRegisterReturn;
  labels: { from: string; to: string };
}) {
  return (
    <>
      {(['from', 'to'] as const).map((name) => (
        <label key={name} className="filter">
          <span>{labels[name]}</span>
          <input type="date" {...register(name)} />
        </label>
      ))}
    </>
  );
}
