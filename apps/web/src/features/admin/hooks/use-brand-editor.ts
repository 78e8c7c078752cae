import { brandInputSchema, type AdminBrand } from '@contrail/contracts/admin';
import { DEFAULT_FONT, defaultBrand } from '@contrail/contracts/brands';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../components/ui/toast';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useSaveBrand, type BrandInputValues } from '../api/save-brand';
import { isAccessDenied } from '../lib/access-denied';
import {
  BRAND_FORM_FIELDS,
  brandFormErrorMap,
  brandFormValues,
  previewColours,
  type BrandFormValues,
} from '../lib/brand-form';
import { brandSaveErrorDescription } from '../lib/brand-save-feedback';
import { useDenyAccess } from './use-admin-load-failure';

const resolver = zodResolver(brandInputSchema, { error: brandFormErrorMap });

/**
 * The brand editor's form, validated with the API's own schema: the watched values for the
 * preview, and a submit that saves, toasts the outcome and puts server errors next to fields.
 */
export function useBrandEditor(
  brand: AdminBrand | undefined,
  onSaved: (saved: AdminBrand, previous: AdminBrand | undefined) => void,
) {
  const save = useSaveBrand();
  const denyAccess = useDenyAccess();
  const form = useForm<BrandFormValues, unknown, BrandInputValues>({
    resolver,
    defaultValues: brandFormValues(brand),
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const watched = useWatch({ control: form.control });
  const savedTheme = brand?.theme ?? defaultBrand.theme;
  const colours = previewColours(watched.theme, savedTheme);
  const previewTheme = { ...colours, font: watched.theme?.font?.trim() ?? DEFAULT_FONT };

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
          toast.error('Brand not saved', { description: brandSaveErrorDescription(error) });
        },
      },
    );
  });

  return {
    form,
    errors,
    isDirty,
    watched,
    savedTheme,
    previewTheme,
    pending: save.isPending,
    submit,
  };
}

export type BrandEditorState = ReturnType<typeof useBrandEditor>;
