import { adminMessages } from '@contrail/contracts/admin';
import type { BrandStepUp } from '../hooks/use-brand-step-up';
import { StepUpDialog } from './step-up-dialog';

const copy = {
  create: {
    title: 'Confirm your password to create this brand',
    description:
      'A new brand sets the markup and currency its prices are made with, the domain it is served on and the contact e-mail its messages are answered at.',
    reason: adminMessages.brandCreateStepUpRequired,
    action: 'Confirm and create',
  },
  update: {
    title: 'Confirm your password to save',
    description:
      'The markup and currency decide what travellers pay, the domain where the brand is served and the contact e-mail where replies to its messages go.',
    reason: adminMessages.brandStepUpRequired,
    action: 'Confirm and save',
  },
} as const;

/** The password asked again before a brand is created or its prices, domain or e-mail change. */
export function BrandStepUpDialog({ stepUp }: { stepUp: BrandStepUp }) {
  const text = copy[stepUp.isNew ? 'create' : 'update'];
  return (
    <StepUpDialog
      open={stepUp.open}
      title={text.title}
      description={text.description}
      reason={text.reason}
      action={text.action}
      form={stepUp.form}
      failure={stepUp.failure}
      pending={stepUp.pending}
      onClose={stepUp.close}
      onSubmit={stepUp.submit}
    />
  );
}
