import { cabinClassLabels } from '@contrail/contracts/search-rules';
import { ChevronDownIcon, UsersIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useDisclosurePanel } from '../hooks/use-disclosure-panel';
import { passengerSummary, type SearchFormValues } from '../lib/search-form';
import { CabinSelect } from './cabin-select';
import { PassengerRows } from './passenger-rows';

interface PassengerPickerProps {
  id: string;
  size?: 'default' | 'sm';
  /** Which edge of the trigger the panel lines up with from large screens up. */
  align?: 'start' | 'end';
  /** An accessible name for a trigger without a visible label. */
  label?: string;
  values: SearchFormValues;
  onChange: (values: SearchFormValues) => void;
  /** The compact variant also picks the cabin here. */
  cabinSelect?: boolean;
  /** The form's message about the children's or infants' ages, shown by the age choices. */
  agesError?: string;
  className?: string;
}

/**
 * The passenger popover: a stepper per age band, clamped to the passenger limits (adults 1-9,
 * children 0-9, infants 0-5). A disclosure with a non-modal panel rather than a positioned popover:
 * the home page's form stays light (no positioning or scroll-lock code), and the panel simply opens
 * under its button. Escape, 'Done', a click outside or leaving it with Tab closes it.
 */
export function PassengerPicker({
  id,
  size = 'default',
  align = 'start',
  label,
  values,
  onChange,
  cabinSelect = false,
  agesError,
  className,
}: PassengerPickerProps) {
  const { open, setOpen, root, trigger, close } = useDisclosurePanel();
  const panelId = `${id}-panel`;

  return (
    <div
      ref={root}
      className={cn('relative', size === 'sm' ? 'max-w-full' : 'w-full')}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next instanceof Node && !root.current?.contains(next)) setOpen(false);
      }}
    >
      <PassengerTrigger
        triggerRef={trigger}
        id={id}
        size={size}
        label={label}
        values={values}
        cabinSelect={cabinSelect}
        open={open}
        panelId={panelId}
        onToggle={() => setOpen((current) => !current)}
        className={className}
      />
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Passengers"
          className={cn(
            'absolute top-full left-0 z-50 mt-1.5 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-popover p-4 text-popover-foreground shadow-lg data-[state=open]:animate-fade-in',
            align === 'end' && 'lg:right-0 lg:left-auto',
          )}
          data-state="open"
        >
          <PassengerPanel
            id={id}
            values={values}
            onChange={onChange}
            cabinSelect={cabinSelect}
            agesError={agesError}
            onDone={close}
          />
        </div>
      ) : null}
    </div>
  );
}

/** The button that shows the passengers (and the cabin) chosen and opens the panel. */
function PassengerTrigger({
  triggerRef,
  id,
  size,
  label,
  values,
  cabinSelect,
  open,
  panelId,
  onToggle,
  className,
}: Pick<PassengerPickerProps, 'id' | 'label' | 'values' | 'className'> & {
  triggerRef: Ref<HTMLButtonElement>;
  size: 'default' | 'sm';
  cabinSelect: boolean;
  open: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  const summary = passengerSummary(values);
  return (
    <button
      ref={triggerRef}
      id={id}
      type="button"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      aria-label={
        label
          ? `${label}: ${summary}${cabinSelect ? `, ${cabinClassLabels[values.cabinClass]}` : ''}`
          : undefined
      }
      onClick={onToggle}
      className={cn(
        'flex min-w-0 items-center gap-2 rounded-md border border-input bg-background px-3 text-left text-foreground transition-colors outline-none hover:bg-muted/60 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30',
        size === 'sm'
          ? 'h-9 w-auto max-w-full text-sm font-medium'
          : 'h-12 w-full text-base shadow-xs md:text-sm',
        className,
      )}
    >
      <UsersIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate">
        {summary}
        {cabinSelect ? (
          <span className="text-muted-foreground">, {cabinClassLabels[values.cabinClass]}</span>
        ) : null}
      </span>
      <ChevronDownIcon
        className={cn(
          'size-4 shrink-0 text-muted-foreground transition-transform',
          open && 'rotate-180',
        )}
        aria-hidden="true"
      />
    </button>
  );
}

/** The panel's content: the passenger rows, the ages' message, the cabin, and Done. */
function PassengerPanel({
  id,
  values,
  onChange,
  cabinSelect,
  agesError,
  onDone,
}: Pick<PassengerPickerProps, 'id' | 'values' | 'onChange' | 'agesError'> & {
  cabinSelect: boolean;
  onDone: () => void;
}) {
  return (
    <div className="grid gap-4">
      <PassengerRows id={id} values={values} agesError={agesError} onChange={onChange} />
      {agesError ? (
        <p role="alert" className="text-sm text-destructive">
          {agesError}
        </p>
      ) : null}
      {cabinSelect ? (
        <CabinSelect
          value={values.cabinClass}
          onChange={(cabinClass) => onChange({ ...values, cabinClass })}
        />
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-end"
        onClick={onDone}
      >
        Done
      </Button>
    </div>
  );
}
