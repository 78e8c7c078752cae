import type { AdminBrand } from '@contrail/contracts/admin';
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
import { ApiError } from '../../../lib/api-client';
import { useDeleteBrand } from '../api/delete-brand';

interface DeleteBrandDialogProps {
  /** The brand to delete; null while the dialog is closed. */
  brand: AdminBrand | null;
  onClose: () => void;
}

/** Asks before deleting; the server's refusals (default brand, brand in use) become toasts. */
export function DeleteBrandDialog({ brand, onClose }: DeleteBrandDialogProps) {
  const remove = useDeleteBrand();

  function confirm() {
    if (!brand) return;
    remove.mutate(brand.id, {
      onSuccess: () => {
        toast('Brand deleted', { description: `${brand.name} (${brand.domain}) was deleted.` });
      },
      onError: (error) => {
        toast.error('Brand not deleted', {
          description:
            error instanceof ApiError
              ? error.serverMessage
              : 'The brand could not be deleted. Please try again.',
        });
      },
      onSettled: () => {
        remove.reset();
        onClose();
      },
    });
  }

  return (
    <AlertDialog
      open={brand !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {brand?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {brand?.domain} will show the default brand from then on. A brand that has accounts or
            bookings cannot be deleted. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete brand'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
