import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { SOCIAL_FIELDS, type BrandFormValues } from '../lib/brand-form';
import { BrandEditorSection } from './brand-editor-section';

interface BrandFieldsProps {
  register: UseFormRegister<BrandFormValues>;
  errors: FieldErrors<BrandFormValues>;
}

/** Email, phone and address. */
export function BrandContactSection({ register, errors }: BrandFieldsProps) {
  return (
    <BrandEditorSection
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
    </BrandEditorSection>
  );
}

/** One link per social network. */
export function BrandSocialSection({ register, errors }: BrandFieldsProps) {
  return (
    <BrandEditorSection title="Social links" description="Optional. Leave blank to hide a network.">
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
    </BrandEditorSection>
  );
}
