import type { AdminBrand } from '@contrail/contracts/admin';
import { Loader2Icon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useBrandEditor } from '../hooks/use-brand-editor';
import { BrandContactSection, BrandSocialSection } from './brand-contact-sections';
import { BrandEditorPreview } from './brand-editor-preview';
import { BrandIdentitySection } from './brand-identity-section';
import { BrandPricingSection } from './brand-pricing-section';
import { BrandStepUpDialog } from './brand-step-up-dialog';
import { BrandThemeSection } from './brand-theme-section';

interface BrandEditorProps {
  /** The brand to edit; absent for a new brand. */
  brand: AdminBrand | undefined;
  siteUrl: (domain: string) => string;
  onSaved: (saved: AdminBrand, previous: AdminBrand | undefined) => void;
  onCancel: () => void;
}

/**
 * Every brand field, validated with the API's own schema, beside a live preview of the edited
 * theme and its contrast checks. Errors the server names are put next to their fields; a save
 * that needs the password again asks for it in a dialog.
 */
export function BrandEditor({ brand, siteUrl, onSaved, onCancel }: BrandEditorProps) {
  const editor = useBrandEditor(brand, onSaved);
  const { form, errors, submit } = editor;
  const { register } = form;

  return (
    <>
      <form
        noValidate
        aria-label={brand ? `Edit ${brand.name}` : 'New brand'}
        onSubmit={(event) => void submit(event)}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(320px,380px)] lg:items-start"
      >
        <BrandIdentitySection
          register={register}
          errors={errors}
          isDefault={brand?.isDefault ?? false}
        />
        <BrandThemeSection editor={editor} />
        <BrandEditorPreview
          watched={editor.watched}
          theme={editor.previewTheme}
          savedDomain={brand?.domain}
          siteUrl={siteUrl}
        />
        <BrandContactSection register={register} errors={errors} />
        <BrandSocialSection register={register} errors={errors} />
        <BrandPricingSection register={register} control={form.control} errors={errors} />
        <SaveBar
          pending={editor.pending}
          isDirty={editor.isDirty}
          isNew={!brand}
          onCancel={onCancel}
        />
      </form>
      {/* Outside the form: a submit in the dialog would otherwise reach the form's too. */}
      <BrandStepUpDialog stepUp={editor.stepUp} />
    </>
  );
}

interface SaveBarProps {
  pending: boolean;
  isDirty: boolean;
  isNew: boolean;
  onCancel: () => void;
}

/** The sticky bar under the form: the save status, cancel and save. */
function SaveBar({ pending, isDirty, isNew, onCancel }: SaveBarProps) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex min-w-0 lg:col-start-1 flex-wrap items-center justify-between gap-3 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {pending
          ? 'Saving…'
          : isDirty
            ? 'Unsaved changes'
            : isNew
              ? 'New brand'
              : 'All changes saved'}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {isDirty ? 'Cancel' : 'Back to brands'}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {isNew ? 'Create brand' : 'Save changes'}
        </Button>
      </div>
    </div>
  );
}
