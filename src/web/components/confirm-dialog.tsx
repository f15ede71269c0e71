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
  /** Open from the start: the trigger loaded the dialog on its first press (use-on-demand.ts). */
  startOpen?: boolean;
  title: ReactNode;
  description: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  /** What the confirming button says while the action runs, e.g. "Deleting...". */
  pendingLabel: string;
  /**
   * The action, e.g. a mutation's `mutateAsync`. Awaited here rather than through `mutate`'s
   * callbacks: the refreshed list or plan may remove whatever started it before those would run.
   */
  action: () => Promise<unknown>;
  /** After success, with the dialog closed (a toast, usually). */
  onDone: () => void;
  /** After a failure; the dialog stays open for another try. */
  onFailed: (error: unknown) => void;
  /** What the dialog asks for or offers before confirming (a field, a link). */
  children?: ReactNode;
}

/** Asks before a destructive action, and stays open, its button busy, until the server has answered. */
export function ConfirmDialog({
  trigger,
  startOpen = false,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  pendingLabel,
  action,
  onDone,
  onFailed,
  children,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(startOpen);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await action();
      setOpen(false);
      onDone();
    } catch (error) {
      onFailed(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <PendingButton variant="destructive" pending={pending} pendingLabel={pendingLabel} onClick={confirm}>
            {confirmLabel}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
