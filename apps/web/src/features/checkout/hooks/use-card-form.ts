import { cardDetailsSchema, type CardDetails } from '@contrail/contracts/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from '../../../components/ui/toast';
import {
  CARD_FIELD_IDS,
  EMPTY_CARD,
  firstCardProblem,
  type CardField,
  type CardForm,
} from '../lib/card-form';

const CARD_FIELDS = Object.keys(EMPTY_CARD) as CardField[];

const resolver = zodResolver(cardDetailsSchema());

/**
 * The sandbox card form: validated with the contract on submit only, each field's message cleared
 * as that field is typed in. The page keeps the card as typed (in memory) while the traveller
 * fixes other steps: every change is handed to `onCardChange`.
 */
export function useCardForm(card: CardForm, onCardChange: (update: () => CardForm) => void) {
  const form = useForm<CardForm, unknown, CardDetails>({
    defaultValues: card,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The first rule broken in the toasts' order takes the focus, not the first in the form.
    shouldFocusError: false,
  });
  const { setValue, getValues, clearErrors } = form;
  const [focusRequest, setFocusRequest] = useState<{ field: CardField } | null>(null);

  const keepCard = useEffectEvent((values: CardForm) => onCardChange(() => ({ ...values })));
  useEffect(
    () =>
      form.subscribe({ formState: { values: true }, callback: ({ values }) => keepCard(values) }),
    [form],
  );

  const setField = (field: CardField, value: string) => {
    setValue(field, value);
    if (form.formState.errors[field]) clearErrors(field);
  };

  /** After a failed payment: the card is cleared but the holder's name, the number focused. */
  const clearCard = () => {
    const holderName = getValues('holderName');
    for (const field of CARD_FIELDS) setValue(field, field === 'holderName' ? holderName : '');
    clearErrors();
    setFocusRequest({ field: 'number' });
  };

  /** A card the contract refuses: the toast of its first broken rule, and that field focused. */
  const onInvalid = (errors: FieldErrors<CardForm>) => {
    const messages: Partial<Record<CardField, string>> = {};
    for (const field of CARD_FIELDS) {
      const message = errors[field]?.message;
      if (message) messages[field] = message;
    }
    const problem = firstCardProblem(messages);
    if (!problem) return;
    toast.error(problem.title, { description: problem.description });
    setFocusRequest({ field: problem.field });
  };

  return { form, setField, clearCard, onInvalid, focusRequest };
}

/** Focuses the requested card field once the form is enabled again (a disabled input cannot). */
export function useCardFocus(request: { field: CardField } | null, busy: boolean) {
  useEffect(() => {
    if (!request || busy) return;
    document.getElementById(CARD_FIELD_IDS[request.field])?.focus();
  }, [request, busy]);
}
