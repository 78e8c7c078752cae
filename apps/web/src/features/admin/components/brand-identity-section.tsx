import { adminMessages } from '@contrail/contracts/admin';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { BrandFormValues } from '../lib/brand-form';
import { BrandEditorSection } from './brand-editor-section';

interface BrandIdentitySectionProps {
  register: UseFormRegister<BrandFormValues>;
  errors: FieldErrors<BrandFormValues>;
  /** The default brand's domain is fixed. */
  isDefault: boolean;
}

/** Name, domain and logo. */
export function BrandIdentitySection({ register, errors, isDefault }: BrandIdentitySectionProps) {
  return (
    <BrandEditorSection title="Identity" description="How travellers find and recognise the brand.">
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
    </BrandEditorSection>
  );
}
