import { adminMessages } from '@contrail/contracts/admin';
import { useId } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select';
import { useAdminSettings } from '../api/get-admin-settings';
import type { BrandInputValues } from '../api/save-brand';
import { CURRENCY_OPTIONS, type BrandFormValues } from '../lib/brand-form';
import { BrandEditorSection } from './brand-editor-section';

interface BrandPricingSectionProps {
  register: UseFormRegister<BrandFormValues>;
  control: Control<BrandFormValues, unknown, BrandInputValues>;
  errors: FieldErrors<BrandFormValues>;
}

/** The markup on the base fare and the currency prices are charged in. */
export function BrandPricingSection({ register, control, errors }: BrandPricingSectionProps) {
  return (
    <BrandEditorSection
      title="Pricing"
      description="The markup is added to the provider's base fare on the server; every price shown is the price charged."
    >
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <MarkupField register={register} errors={errors} />
        <CurrencyField control={control} />
      </div>
    </BrandEditorSection>
  );
}

function MarkupField({ register, errors }: Omit<BrandPricingSectionProps, 'control'>) {
  const markupId = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={markupId}>Markup</Label>
      <div className="flex items-center gap-2">
        <Input
          id={markupId}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          aria-invalid={errors.markupPercent ? true : undefined}
          aria-describedby={`${markupId}-hint${errors.markupPercent ? ` ${markupId}-error` : ''}`}
          {...register('markupPercent', { valueAsNumber: true })}
        />
        <span aria-hidden="true" className="text-sm font-medium text-muted-foreground">
          %
        </span>
      </div>
      <p id={`${markupId}-hint`} className="text-sm text-muted-foreground">
        Percent of the base fare, 0 to 100.
      </p>
      {errors.markupPercent ? (
        <p id={`${markupId}-error`} className="text-sm font-medium text-destructive">
          {errors.markupPercent.message}
        </p>
      ) : null}
    </div>
  );
}

function CurrencyField({ control }: Pick<BrandPricingSectionProps, 'control'>) {
  const currencyId = useId();
  return (
    <Controller
      control={control}
      name="currency"
      render={({ field, fieldState }) => (
        <div className="grid gap-2">
          <Label htmlFor={currencyId}>Currency</Label>
          <Select value={field.value} onValueChange={field.onChange} name={field.name}>
            <SelectTrigger
              id={currencyId}
              ref={field.ref}
              onBlur={field.onBlur}
              aria-invalid={fieldState.error ? true : undefined}
            >
              <SelectValue placeholder="Choose a currency" />
            </SelectTrigger>
            <SelectContent>
              {CURRENCY_OPTIONS.map((code) => (
                <SelectItem key={code} value={code}>
                  {code}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-sm text-muted-foreground">Prices are shown and charged in it.</p>
          <CurrencyWarnings currency={field.value} />
          {fieldState.error ? (
            <p className="text-sm font-medium text-destructive">{fieldState.error.message}</p>
          ) : null}
        </div>
      )}
    />
  );
}

/**
 * Duffel prices in its account's currency whatever a brand asks for: where a mode's flights come
 * from Duffel in another currency than the brand's, the brand sells in Duffel's, and says so.
 */
function CurrencyWarnings({ currency }: { currency: string }) {
  const settings = useAdminSettings();
  const modes = settings.data?.modes;
  if (!modes) return null;
  const warnings = (['test', 'live'] as const).flatMap((mode) => {
    const flightCurrency = modes[mode].flightCurrency;
    return flightCurrency && flightCurrency !== currency
      ? [{ mode, text: adminMessages.currencyDiffers(currency, flightCurrency, mode) }]
      : [];
  });
  if (warnings.length === 0) return null;
  return (
    <ul className="grid gap-1.5" aria-label="Currency warnings">
      {warnings.map((warning) => (
        <li
          key={warning.mode}
          className="rounded-md border border-warning bg-warning/10 p-2 text-sm text-foreground"
        >
          {warning.text}
        </li>
      ))}
    </ul>
  );
}
