import { cabinClassLabels, CABIN_CLASSES, type CabinClass } from '@contrail/contracts/search-rules';
import { useId } from 'react';

export function CabinSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value: CabinClass;
  onChange: (value: CabinClass) => void;
}) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={selectId} className="text-sm font-medium">
        Class
      </label>
      <select
        id={selectId}
        value={value}
        onChange={(event) => {
          const next = CABIN_CLASSES.find((cabin) => cabin === event.target.value);
          if (next) onChange(next);
        }}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {CABIN_CLASSES.map((cabin) => (
          <option key={cabin} value={cabin}>
            {cabinClassLabels[cabin]}
          </option>
        ))}
      </select>
    </div>
  );
}
