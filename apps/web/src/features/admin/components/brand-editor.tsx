import { adminMessages, brandInputSchema, type AdminBrand } from '@contrail/contracts/admin';
import { DEFAULT_FONT, defaultBrand } from '@contrail/contracts/brands';
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLinkIcon, Loader2Icon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useAdminSettings } from '../api/get-admin-settings';
import { useSaveBrand, type BrandInputValues } from '../api/save-brand';
import { useDenyAccess } from '../hooks/use-admin-load-failure';
import { isAccessDenied } from '../lib/access-denied';
import {
  BRAND_FORM_FIELDS,
  brandFormErrorMap,
  brandFormValues,
  CURRENCY_OPTIONS,
  isBrandFormField,
  previewColours,
  SOCIAL_FIELDS,
  THEME_COLOUR_FIELDS,
  type BrandFormValues,
} from '../lib/brand-form';
import { BrandPreview } from './brand-preview';
import { ColourField } from './colour-field';
import { ContrastPanel } from './contrast-panel';

interface BrandEditorProps {
  /** The brand to edit; absent for a new brand. */
  brand: AdminBrand | undefined;
  siteUrl: (domain: string) => string;
  onSaved: (saved: AdminBrand, previous: AdminBrand | undefined) => void;
  onCancel: () => void;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    // The form's left column on wide screens (the preview takes the right one).
    <Card className="min-w-0 lg:col-start-1">
      <CardHeader>
        <CardTitle level={2}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}

const resolver = zodResolver(brandInputSchema, { error: brandFormErrorMap });

/**
 * Every brand field, validated with the API's own schema, beside a live preview of the edited
 * theme and its contrast checks. Errors the server names are put next to their fields.
 */
export function BrandEditor({ brand, siteUrl, onSaved, onCancel }: BrandEditorProps) {
  const save = useSaveBrand();
  const denyAccess = useDenyAccess();
  const currencyId = useId();
  const markupId = useId();
  const form = useForm<BrandFormValues, unknown, BrandInputValues>({
    resolver,
    defaultValues: brandFormValues(brand),
    mode: 'onTouched',
  });
  const { register, control, formState } = form;
  const { errors, isDirty } = formState;
  const watched = useWatch({ control });
  const savedTheme = brand?.theme ?? defaultBrand.theme;
  const colours = previewColours(watched.theme, savedTheme);
  const previewTheme = { ...colours, font: watched.theme?.font?.trim() ?? DEFAULT_FONT };
  const isDefault = brand?.isDefault ?? false;
  const pending = save.isPending;

  const submit = form.handleSubmit((input) => {
    save.mutate(
      { id: brand?.id, input },
      {
        onSuccess: (saved) => {
          toast(brand ? 'Brand saved' : 'Brand created', {
            description: brand
              ? `${saved.name} is updated. Its site shows the changes at the next page load.`
              : `${saved.name} is ready at ${saved.domain}.`,
          });
          form.reset(brandFormValues(saved));
          onSaved(saved, brand);
        },
        onError: (error) => {
          if (isAccessDenied(error)) {
            denyAccess();
            return;
          }
          applyServerFieldErrors(error, form.setError, BRAND_FORM_FIELDS);
          const unplaced =
            error instanceof ApiError && error.fields
              ? Object.entries(error.fields)
                  .filter(([path]) => !isBrandFormField(path))
                  .map(([, message]) => message)
              : [];
          toast.error('Brand not saved', {
            description:
              unplaced.length > 0
                ? unplaced.join(' ')
                : error instanceof ApiError
                  ? error.serverMessage
                  : 'The brand could not be saved. Please try again.',
          });
        },
      },
    );
  });

  const savedDomain = brand?.domain;

  return (
    <form
      noValidate
      aria-label={brand ? `Edit ${brand.name}` : 'New brand'}
      onSubmit={(event) => void submit(event)}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(320px,380px)] lg:items-start"
    >
      <Section title="Identity" description="How travellers find and recognise the brand.">
        <Field label="Brand name" error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </Field>
        <Field
          label="Domain"
          description={
            isDefault
              ? `${adminMessages.defaultDomainFixed}: it serves every host no other brand claims.`
              : 'The host name travellers visit, such as flights.example.com.'
          }
          error={errors.domain?.message}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            readOnly={isDefault}
            className="font-mono"
            {...register('domain')}
          />
        </Field>
        <Field
          label="Logo URL"
          description="An https:// address or a path on this site, such as /brand/logo.svg. Shown at most 40 px high."
          error={errors.logo?.message}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="/brand/logo.svg"
            {...register('logo')}
          />
        </Field>
      </Section>

      <Section
        title="Theme"
        description="Text on primary, secondary and accent is black or white, whichever the colour's brightness calls for."
      >
        <div className="grid items-start gap-5 sm:grid-cols-2">
          {THEME_COLOUR_FIELDS.map(({ key, label }) => (
            <ColourField
              key={key}
              label={`${label} colour`}
              registration={register(`theme.${key}`)}
              value={watched.theme?.[key]}
              onPick={(hex) => {
                form.setValue(`theme.${key}`, hex, {
                  shouldDirty: true,
                  shouldTouch: true,
                  shouldValidate: true,
                });
              }}
              fallback={savedTheme[key]}
              error={errors.theme?.[key]?.message}
            />
          ))}
        </div>
        <Field
          label="Font"
          description="Font names separated by commas, most preferred first."
          error={errors.theme?.font?.message}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder={DEFAULT_FONT}
            {...register('theme.font')}
          />
        </Field>
      </Section>

      <aside
        aria-label="Preview"
        className="min-w-0 lg:col-start-2 lg:row-span-6 lg:row-start-1 lg:self-stretch"
      >
        <div className="grid gap-6 lg:sticky lg:top-20">
          <Card>
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle level={2}>Live preview</CardTitle>
                {savedDomain ? (
                  <a
                    href={siteUrl(savedDomain)}
                    target="_blank"
                    rel="noreferrer"
                    aria-label="Open site (opens in a new tab)"
                    className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    Open site
                    <ExternalLinkIcon className="size-4" aria-hidden="true" />
                  </a>
                ) : null}
              </div>
            </CardHeader>
            <CardContent>
              <BrandPreview
                name={watched.name ?? ''}
                logo={watched.logo}
                theme={previewTheme}
                contact={{
                  email: watched.contact?.email ?? '',
                  phone: watched.contact?.phone ?? '',
                }}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle level={2}>Contrast</CardTitle>
            </CardHeader>
            <CardContent>
              <ContrastPanel theme={previewTheme} />
            </CardContent>
          </Card>
        </div>
      </aside>

      <Section
        title="Contact"
        description="Shown in the header, the footer and on the support pages."
      >
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <Field label="Email" error={errors.contact?.email?.message}>
            <Input type="email" autoComplete="off" {...register('contact.email')} />
          </Field>
          <Field label="Phone" error={errors.contact?.phone?.message}>
            <Input type="tel" autoComplete="off" {...register('contact.phone')} />
          </Field>
        </div>
        <Field label="Address" error={errors.contact?.address?.message}>
          <Textarea rows={2} {...register('contact.address')} />
        </Field>
      </Section>

      <Section title="Social links" description="Optional. Leave blank to hide a network.">
        <div className="grid items-start gap-5 sm:grid-cols-3">
          {SOCIAL_FIELDS.map(({ key, label }) => (
            <Field key={key} label={label} error={errors.social?.[key]?.message}>
              <Input
                type="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://"
                {...register(`social.${key}`)}
              />
            </Field>
          ))}
        </div>
      </Section>

      <Section
        title="Pricing"
        description="The markup is added to the provider's base fare on the server; every price shown is the price charged."
      >
        <div className="grid items-start gap-5 sm:grid-cols-2">
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
        </div>
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 flex min-w-0 lg:col-start-1 flex-wrap items-center justify-between gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {pending
            ? 'Saving…'
            : isDirty
              ? 'Unsaved changes'
              : brand
                ? 'All changes saved'
                : 'New brand'}
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            {isDirty ? 'Cancel' : 'Back to brands'}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {brand ? 'Save changes' : 'Create brand'}
          </Button>
        </div>
      </div>
    </form>
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
