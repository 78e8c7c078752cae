import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useUnsubscribe } from '../api/back-office';
import { errorText } from './back-office-parts';

/** Confirms unsubscribing `leaving`; closed while it is null. */
export function UnsubscribeDialog({
  leaving,
  onClose,
}: {
  leaving: { id: string; email: string } | null;
  onClose: () => void;
}) {
  const unsubscribe = useUnsubscribe();
  return (
    <AlertDialog open={leaving !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Unsubscribe this address?</AlertDialogTitle>
          <AlertDialogDescription>
            {`${leaving?.email ?? ''} will get no more newsletters. The export keeps the date it left.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep subscribed</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={unsubscribe.isPending}
            onClick={() => {
              if (!leaving) return;
              unsubscribe.mutate(leaving.id, {
                onSuccess: () => {
                  toast('Unsubscribed', { description: leaving.email });
                  onClose();
                },
                onError: (error) => toast.error('Error', { description: errorText(error) }),
              });
            }}
          >
            Unsubscribe
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
