import { useState, type ReactNode } from 'react';
import { PendingButton } from './pending-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog';

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  /** What the confirming button says while `pending`, e.g. "Deleting...". */
  pendingLabel: string;
  pending: boolean;
  /** Runs the action; calls `close` once it has succeeded, so a failure leaves the dialog open. */
  onConfirm: (close: () => void) => void | Promise<void>;
}

/** Asks before a destructive action, and stays open, its button busy, until the server has answered. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <PendingButton
            variant="destructive"
            pending={pending}
            pendingLabel={pendingLabel}
            onClick={() => onConfirm(() => setOpen(false))}
          >
            {confirmLabel}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
