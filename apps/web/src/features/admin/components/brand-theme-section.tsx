import { DEFAULT_FONT } from '@contrail/contracts/brands';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { BrandEditorState } from '../hooks/use-brand-editor';
import { THEME_COLOUR_FIELDS } from '../lib/brand-form';
import { BrandEditorSection } from './brand-editor-section';
import { ColourField } from './colour-field';

interface BrandThemeSectionProps {
  /** `savedTheme`'s colours show in a picker while its typed value is not a colour. */
  editor: Pick<BrandEditorState, 'form' | 'errors' | 'watched' | 'savedTheme'>;
}

/** The five theme colours and the font. */
export function BrandThemeSection({ editor }: BrandThemeSectionProps) {
  const { form, errors, watched, savedTheme } = editor;
  return (
    <BrandEditorSection
      title="Theme"
      description="Text on primary, secondary and accent is black or white, whichever the colour's brightness calls for."
    >
      <div className="grid items-start gap-5 sm:grid-cols-2">
        {THEME_COLOUR_FIELDS.map(({ key, label }) => (
          <ColourField
            key={key}
            label={`${label} colour`}
            registration={form.register(`theme.${key}`)}
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
          {...form.register('theme.font')}
        />
      </Field>
    </BrandEditorSection>
  );
}
