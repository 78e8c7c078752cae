import { brandInputSchema, type AdminBrand } from '@contrail/contracts/admin';
import { DEFAULT_FONT, defaultBrand } from '@contrail/contracts/brands';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from '../../../components/ui/toast';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useSaveBrand, type BrandInputValues, type SaveBrandVariables } from '../api/save-brand';
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
import { isStepUpRequired, useBrandStepUp } from './use-brand-step-up';

const resolver = zodResolver(brandInputSchema, { error: brandFormErrorMap });

type BrandForm = UseFormReturn<BrandFormValues, unknown, BrandInputValues>;

/**
 * The save: toasts the outcome and puts server errors next to fields. A save the server wants
 * the password again for opens the step-up dialog, and is sent again once it is confirmed.
 */
function useBrandSave(
  brand: AdminBrand | undefined,
  form: BrandForm,
  onSaved: (saved: AdminBrand, previous: AdminBrand | undefined) => void,
) {
  const save = useSaveBrand();
  const denyAccess = useDenyAccess();
  const stepUp = useBrandStepUp((variables) => send(variables));

  function send(variables: SaveBrandVariables) {
    save.mutate(variables, {
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
        // Before the access check: this 403 asks for the password, it does not deny access.
        if (isStepUpRequired(error)) {
          stepUp.ask(variables);
          return;
        }
        if (isAccessDenied(error)) {
          denyAccess();
          return;
        }
        applyServerFieldErrors(error, form.setError, BRAND_FORM_FIELDS);
        toast.error('Brand not saved', { description: brandSaveErrorDescription(error) });
      },
    });
  }

  return { send, stepUp, pending: save.isPending };
}

/**
 * The brand editor's form, validated with the API's own schema: the watched values for the
 * preview, the save and its password step.
 */
export function useBrandEditor(
  brand: AdminBrand | undefined,
  onSaved: (saved: AdminBrand, previous: AdminBrand | undefined) => void,
) {
  const form = useForm<BrandFormValues, unknown, BrandInputValues>({
    resolver,
    defaultValues: brandFormValues(brand),
    mode: 'onTouched',
  });
  const { send, stepUp, pending } = useBrandSave(brand, form, onSaved);
  const { errors, isDirty } = form.formState;
  const watched = useWatch({ control: form.control });
  const savedTheme = brand?.theme ?? defaultBrand.theme;
  const colours = previewColours(watched.theme, savedTheme);
  const previewTheme = { ...colours, font: watched.theme?.font?.trim() ?? DEFAULT_FONT };

  const submit = form.handleSubmit((input) => send({ id: brand?.id, input }));

  return {
    form,
    errors,
    isDirty,
    watched,
    savedTheme,
    previewTheme,
    pending,
    stepUp,
    submit,
  };
}

export type BrandEditorState = ReturnType<typeof useBrandEditor>;
